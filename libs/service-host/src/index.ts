export { ServiceHost, type HostConfig, type RunningService, type ServiceWiring } from './service-host';
export { kickAfterWrites } from './relayed-collection';
