export { ServiceHost, type HostConfig } from './service-host';
export { kickAfterWrites } from './relayed-collection';
