// The standard grpc.health.v1 check, for the gateway's /healthz and the launcher's readiness wait.
import { Client, credentials, status, type Channel, type MethodDefinition } from '@grpc/grpc-js';
import { service as healthService } from 'grpc-health-check';
import { channelFor } from './channel.options';

export type HealthState = 'SERVING' | 'NOT_SERVING' | 'UNKNOWN' | 'SERVICE_UNKNOWN' | 'UNREACHABLE';

export interface HealthCheckOptions {
  /** Default 1000. */
  deadlineMs?: number;
  /** Fully-qualified service name; '' (default) is the whole server. */
  service?: string;
}

// Keyed by channel so a client never outlives closeAllChannels().
const clients = new WeakMap<Channel, Client>();
interface HealthCheckRequest {
  service: string;
}
interface HealthCheckResponse {
  status: HealthState;
}
// grpc-health-check loads its proto with `enums: String`, so the status arrives as its name.
const check = healthService.Check as MethodDefinition<HealthCheckRequest, HealthCheckResponse>;

export function healthStatus(address: string, options: HealthCheckOptions = {}): Promise<HealthState> {
  const channel = channelFor(address);
  let client = clients.get(channel);
  if (!client) {
    client = new Client(address, credentials.createInsecure(), { channelOverride: channel });
    clients.set(channel, client);
  }
  const deadline = Date.now() + (options.deadlineMs ?? 1000);
  return new Promise((resolve) => {
    client.makeUnaryRequest(
      check.path,
      check.requestSerialize,
      check.responseDeserialize,
      { service: options.service ?? '' },
      { deadline },
      (err, response) => {
        if (err) resolve(err.code === status.NOT_FOUND ? 'SERVICE_UNKNOWN' : 'UNREACHABLE');
        else resolve(response?.status ?? 'UNKNOWN');
      },
    );
  });
}

export async function checkHealth(address: string, options: HealthCheckOptions = {}): Promise<boolean> {
  return (await healthStatus(address, options)) === 'SERVING';
}
