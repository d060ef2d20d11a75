export { formatTimestamp, formatOptionalTimestamp, isValidTimeZone } from './timestamp';
export { presentStore, type StoreJson } from './store.presenter';
export { presentTemplate, type TemplateJson } from './templates.presenter';
export { presentStoreVisits, type StoreVisitsJson } from './visits.presenter';
export * from './catalog';
export * from './shipping';
export * from './orders';
export * from './webhooks';
export { presentUser } from './user.presenter';
