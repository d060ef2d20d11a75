export { ServiceHost, type HostConfig, type RunningService, type ServiceWiring } from './service-host';
export { periodic, type BackgroundTask, type PeriodicTask } from './background-task';
export { runMigrations, MIGRATIONS_COLLECTION, type Migration, type MigrationRecord } from './migrations';
export type { ReadyDetails, ReadyNotice } from './ready-notice';
