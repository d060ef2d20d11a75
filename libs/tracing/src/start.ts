// Turning tracing on or not, once, before anything it instruments is loaded (each process's first import).
import type { TracingSdk } from './sdk';

let running: TracingSdk | undefined;

/**
 * Whether the environment asks for tracing: OTEL_EXPORTER_OTLP_ENDPOINT set, and neither OTEL_SDK_DISABLED=true
 * nor OTEL_TRACES_EXPORTER=none. OTEL_EXPORTER_OTLP_TRACES_ENDPOINT alone does not turn it on: it only redirects
 * the traces of a process that traces.
 */
export function tracingRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim()) return false;
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  return env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() !== 'none';
}

/**
 * Starts the OpenTelemetry SDK for this process (`service.name` = `serviceName`) when the environment asks for
 * it: spans of the http, express and grpc-js instrumentations and of the event relay and consumers, exported over
 * OTLP. Must run before http, express or @grpc/grpc-js are loaded. Otherwise returns at once, and the SDK is
 * never loaded. Answers whether the process traces.
 */
export function startTracing(serviceName: string, env: NodeJS.ProcessEnv = process.env): boolean {
  if (running) return true;
  if (!tracingRequested(env)) return false;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded here only: a process that does not trace never loads the SDK
  const { startSdk } = require('./sdk') as typeof import('./sdk');
  running = startSdk(serviceName, env);
  return true;
}

/** Exports the spans still waiting, then stops the SDK; at once when the process does not trace. Call before exiting. */
export async function stopTracing(): Promise<void> {
  const sdk = running;
  running = undefined;
  await sdk?.shutdown().catch(() => undefined);
}
