// Test harness helpers: real infrastructure (nats-server, ports, temp dirs) and condition waits instead of sleeps.
export { freePort } from './free-port.harness';
export { startNatsServer, resolveNatsServerBin, type NatsServerHandle, type StartNatsServerOptions } from './nats-server.harness';
export { waitFor, type WaitForOptions } from './wait-for.harness';
export { tempDir, removeDir } from './temp-dir.harness';
export { rejectionOf } from './rejection-of.harness';
export { ServiceProcess, builtServiceMain, type ServiceProcessEnv } from './service-process.harness';
export { streamEvents, type PublishedEvent } from './stream-events.harness';
export { readJson, type JsonBody } from './json-body.harness';
