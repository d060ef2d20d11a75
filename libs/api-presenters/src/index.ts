export { formatTimestamp, formatOptionalTimestamp, isValidTimeZone } from './timestamp';
export { presentStore, type StoreJson } from './store.presenter';
export * from './catalog';
export * from './shipping';
export { presentUser } from './user.presenter';
