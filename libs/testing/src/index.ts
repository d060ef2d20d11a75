// Test harness helpers: real infrastructure (nats-server, ports, temp dirs) and condition waits instead of sleeps;
// startServiceHarness puts them together around the service an integration test starts.
export { freePort } from '@commerce/config';
export { startNatsServer, resolveNatsServerBin, type NatsServerHandle, type StartNatsServerOptions } from './nats-server.harness';
export { waitFor, type WaitForOptions } from './wait-for.harness';
export { tempDir, removeDir } from './temp-dir.harness';
export { rejectionOf, rejectionWith } from './rejection-of.harness';
export { ServiceProcess, builtServiceMain, type ServiceProcessEnv } from './service-process.harness';
export { streamEvents, type PublishedEvent } from './stream-events.harness';
export { readJson, type JsonBody } from './json-body.harness';
export { readBodyText, type BodyText } from './body-text.harness';
export {
  startServiceHarness,
  ServiceHarness,
  type ServiceHarnessOptions,
  type SiblingOptions,
  type StartedService,
  type ServiceEnv,
  type EventFilter,
} from './service.harness';
export { startSmtpReceiver, type SmtpReceiver, type ReceivedMail, type SmtpAnswer } from './smtp-receiver.harness';
