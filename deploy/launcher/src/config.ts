import path from 'node:path';
import {
  configuredServiceAddresses,
  loadConfig,
  logFormatChoice,
  logLevel,
  mongoUrl,
  portSchema,
  SERVICE_NAMES,
  z,
} from '@commerce/config';

/**
 * `<SERVICE>_GRPC_ADDR` left unset (the default), the launcher picks a free port for the service (ports.ts), so two
 * checkouts' stacks run side by side; set, that port is used and checked free before anything starts.
 */
const schema = configuredServiceAddresses.extend({
  PORT: portSchema.default(8080),
  /** Where the gateway, identity's pages and the metrics listen (as the gateway and services read them): checked free there. */
  HOST: z.string().default('0.0.0.0'),
  IDENTITY_HTTP_HOST: z.string().default('127.0.0.1'),
  METRICS_HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('.data'),
  MONGO_URL: mongoUrl.optional(),
  NATS_URL: z.string().optional(),
  NATS_SERVER_BIN: z.string().default('nats-server'),
  /**
   * Threads the spawned nats-server runs Go code on (its GOMAXPROCS). One by default: on the machine the whole stack
   * shares, a second one costs more in hand-offs than it gains (product creates: ~170 -> ~145 µs of nats-server CPU each).
   */
  NATS_GOMAXPROCS: z.coerce.number().int().positive().default(1),
  LOG_LEVEL: logLevel,
  /** How the launcher prints its processes' logs: readable lines on a terminal, JSON lines otherwise, unless set. */
  LOG_FORMAT: logFormatChoice.optional(),
  PUBLIC_URL: z.string().url().optional(),
  /**
   * Port of identity's pages (proxied by the gateway). Unset, identity binds a free one itself and reports it in its ready
   * notice, so several stacks can run side by side; the gateway and stack.json get the URL it reported.
   */
  IDENTITY_HTTP_PORT: portSchema.optional(),
  /**
   * Prometheus metrics for every process: the gateway at this port, the services at the next ones in
   * SERVICE_NAMES order (identity, catalog, ...); 0 gives each a free port. stack.json lists where. Off when unset.
   */
  METRICS_PORT_BASE: z.coerce
    .number()
    .int()
    .min(0)
    .max(65_535 - SERVICE_NAMES.length)
    .optional(),
  /** How long each process may take to be ready (a service: to report it, deploy/launcher/src/ready.ts). */
  STARTUP_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
});

export type LauncherConfig = z.infer<typeof schema> & { repoRoot: string; dataDir: string };

export function loadLauncherConfig(env: NodeJS.ProcessEnv = process.env): LauncherConfig {
  const config = loadConfig(schema, env);
  // dist/ → deploy/launcher → deploy → repo root
  const repoRoot = path.resolve(__dirname, '../../..');
  return { ...config, repoRoot, dataDir: path.resolve(config.DATA_DIR) };
}
