export * as answerSchema from './answer-schema';
export { formatTimestamp, formatOptionalTimestamp, formatterFor as zoneClockFormatter, isValidTimeZone } from './timestamp';
export { presentStore, storeJson, type StoreJson } from './store.presenter';
export { presentTemplate, templateJson, type TemplateJson } from './templates.presenter';
export { presentStoreVisits, storeVisitsJson, type StoreVisitsJson } from './visits.presenter';
export * from './catalog';
export * from './shipping';
export * from './orders';
export * from './webhooks';
export * from './notifications';
export { presentUser, userJson, type UserJson } from './user.presenter';
export {
  apiKeyJson,
  appJson,
  authorizedAppJson,
  createdAppJson,
  presentApp,
  presentAuthorizedApp,
  type AppJson,
  type AuthorizedAppJson,
} from './account.presenter';
