import { addressEnvName, freePort, portIsFree, SERVICE_NAMES, type ServiceName } from '@commerce/config';
import type { LauncherConfig } from './config';

/** A port the operator chose (or PORT's default 8080), where it is bound, and what to say when it is taken. */
export interface ConfiguredPort {
  port: number;
  host: string;
  /** The setting that chose it, and whose port it is: `PORT, the gateway's`. */
  source: string;
  /** How to start anyway, the end of a sentence. */
  remedy(): Promise<string>;
}

/** Where the stack's processes listen: the configured ports, and ports picked free for the rest. */
export interface PortPlan {
  grpcAddresses: Record<ServiceName, string>;
  /** Each process's metrics port, by name (none when METRICS_PORT_BASE is unset). */
  metricsPorts: Record<string, number>;
  /** The ports the operator's settings fix: a port picked later (NATS's) must not be one of them. */
  configured: number[];
}

/** The processes serving metrics, in the order METRICS_PORT_BASE numbers them: the gateway at the base, then each service. */
export const METRICS_PROCESSES = ['gateway', ...SERVICE_NAMES] as const;

/**
 * Checks every configured port free, then picks one for every other: a service whose `<SERVICE>_GRPC_ADDR` is unset
 * listens on 127.0.0.1 at a port picked outside the range the OS hands out to connections (`freePort`), so nothing
 * takes it before the service binds it, and a second stack beside this one picks others.
 */
export async function planPorts(config: LauncherConfig): Promise<PortPlan> {
  const configured = configuredPorts(config);
  await refuseTakenPorts(configured);
  const besides = configured.map((entry) => entry.port);
  const grpcAddresses = {} as Record<ServiceName, string>;
  for (const name of SERVICE_NAMES) grpcAddresses[name] = configuredAddress(config, name) ?? `127.0.0.1:${await freePort({ besides })}`;
  return { grpcAddresses, metricsPorts: await metricsPortsOf(config, besides), configured: besides };
}

/** METRICS_PORT_BASE: the gateway at the base, the services after it; 0: a free port each; unset: none. */
export async function metricsPortsOf(
  config: Pick<LauncherConfig, 'METRICS_PORT_BASE'>,
  besides: number[] = [],
): Promise<Record<string, number>> {
  const base = config.METRICS_PORT_BASE;
  if (base === undefined) return {};
  const ports = await Promise.all(
    METRICS_PROCESSES.map((_, index) => (base === 0 ? freePort({ besides }) : Promise.resolve(base + index))),
  );
  return Object.fromEntries(METRICS_PROCESSES.map((name, index) => [name, ports[index]!]));
}

const configuredAddress = (config: LauncherConfig, name: ServiceName): string | undefined =>
  config[addressEnvName(name) as `${Uppercase<ServiceName>}_GRPC_ADDR`];

/**
 * Every port the operator's settings fix: the gateway's, identity's pages' when set, the services' set addresses, the
 * metrics from a base.
 */
export function configuredPorts(config: LauncherConfig): ConfiguredPort[] {
  const gateway: ConfiguredPort = {
    port: config.PORT,
    host: config.HOST,
    source: "PORT, the gateway's",
    remedy: async () => `set PORT to a free port, e.g. PORT=${await nearbyFreePort(config.PORT, config.HOST)} npm start`,
  };
  const identityPages: ConfiguredPort[] = config.IDENTITY_HTTP_PORT
    ? [
        {
          port: config.IDENTITY_HTTP_PORT,
          host: config.IDENTITY_HTTP_HOST,
          source: "IDENTITY_HTTP_PORT, identity's pages'",
          remedy: async () => 'unset IDENTITY_HTTP_PORT and identity binds a free port',
        },
      ]
    : [];
  const services = SERVICE_NAMES.flatMap((name): ConfiguredPort[] => {
    const address = configuredAddress(config, name);
    if (address === undefined) return [];
    const setting = addressEnvName(name);
    return [
      {
        port: Number(address.split(':').pop()),
        host: '127.0.0.1',
        source: `${setting}, ${name}'s gRPC server's`,
        remedy: async () => `unset ${setting} and npm start picks a free port`,
      },
    ];
  });
  const base = config.METRICS_PORT_BASE;
  const metrics = base
    ? METRICS_PROCESSES.map((name, index): ConfiguredPort => ({
        port: base + index,
        host: config.METRICS_HOST,
        source: `METRICS_PORT_BASE + ${index}, ${name}'s metrics`,
        remedy: async () => 'METRICS_PORT_BASE=0 gives every process a free port',
      }))
    : [];
  return [gateway, ...identityPages, ...services, ...metrics];
}

/** Fails, naming each taken port with the setting to change, before any process is started. */
export async function refuseTakenPorts(ports: ConfiguredPort[]): Promise<void> {
  const taken: string[] = [];
  for (const entry of ports) {
    if (await portIsFree(entry.port, entry.host)) continue;
    taken.push(`port ${entry.port} (${entry.source}) is taken, by another program or another stack: ${await entry.remedy()}`);
  }
  if (taken.length > 0) throw new Error(`${taken.join('; ')}.`);
}

/** The first free port above `port` (a suggestion a person can type), else any free one. */
async function nearbyFreePort(port: number, host: string): Promise<number> {
  for (let candidate = port + 1; candidate <= Math.min(port + 20, 65_535); candidate++) {
    if (await portIsFree(candidate, host)) return candidate;
  }
  return freePort();
}
