// The SDK, loaded by start.ts only when the process traces. The instrumentations are created (and hook
// require) before anything else here loads what they patch: the gRPC exporter, for one, loads @grpc/grpc-js.
import { diag, DiagConsoleLogger, DiagLogLevel } from '@opentelemetry/api';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { GrpcInstrumentation } from '@opentelemetry/instrumentation-grpc';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import {
  defaultResource,
  detectResources,
  envDetector,
  hostDetector,
  processDetector,
  resourceFromAttributes,
} from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider, type SpanExporter } from '@opentelemetry/sdk-trace-node';
import { redactedQuery, redactedUrl } from './redact';

export interface TracingSdk {
  shutdown(): Promise<void>;
}

export type OtlpProtocol = 'http/protobuf' | 'http/json' | 'grpc';

/** Calls nobody needs a trace of: health checks (every few seconds from probes and the launcher), reflection. */
const IGNORED_GRPC_METHODS = ['Check', 'Watch', 'ServerReflectionInfo'];
const IGNORED_HTTP_PATHS = new Set(['/metrics', '/healthz']);

export function startSdk(serviceName: string, env: NodeJS.ProcessEnv): TracingSdk {
  const logLevel = diagLevel(env.OTEL_LOG_LEVEL);
  if (logLevel !== undefined) diag.setLogger(new DiagConsoleLogger(), logLevel);
  const instrumentations = [
    new HttpInstrumentation({
      ignoreIncomingRequestHook: (request) => IGNORED_HTTP_PATHS.has((request.url ?? '').split('?')[0]),
      // Credentials travel in query strings (`?api_key=`, `?access_token=`, OAuth's `code`): never in a span.
      startIncomingSpanHook: (request) => {
        const query = redactedQuery(request.url ?? '');
        return query === undefined ? {} : { 'url.query': query };
      },
      // The client span's url.full (a webhook's url may carry the app's own token) is redacted the same way.
      requestHook: (span, request) => {
        const full = (span as unknown as { attributes?: Record<string, unknown> }).attributes?.['url.full'];
        if ('path' in request && typeof full === 'string' && full.includes('?')) span.setAttribute('url.full', redactedUrl(full));
      },
    }),
    // Routers and handlers only: a span per middleware would be a dozen per request.
    new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE] }),
    new GrpcInstrumentation({ ignoreGrpcMethods: IGNORED_GRPC_METHODS }),
  ];
  // The process's own name wins over OTEL_SERVICE_NAME: `npm start` gives every process one environment.
  const resource = defaultResource()
    .merge(detectResources({ detectors: [envDetector, processDetector, hostDetector] }))
    .merge(resourceFromAttributes({ 'service.name': serviceName }));
  // BatchSpanProcessor reads OTEL_BSP_*, the provider OTEL_TRACES_SAMPLER; the exporter OTEL_EXPORTER_OTLP_*.
  const provider = new NodeTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(exporterFor(otlpProtocol(env)))] });
  provider.register();
  registerInstrumentations({ instrumentations, tracerProvider: provider });
  return {
    async shutdown() {
      for (const instrumentation of instrumentations) instrumentation.disable();
      await provider.shutdown();
    },
  };
}

/** OTEL_EXPORTER_OTLP_TRACES_PROTOCOL, else OTEL_EXPORTER_OTLP_PROTOCOL, else http/protobuf (the SDK's default). */
export function otlpProtocol(env: NodeJS.ProcessEnv): OtlpProtocol {
  const asked = (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? '').trim();
  if (asked === 'http/json' || asked === 'grpc' || asked === 'http/protobuf') return asked;
  if (asked !== '') diag.warn(`OTLP protocol "${asked}" is not supported: http/protobuf is used`);
  return 'http/protobuf';
}

/** The OTLP exporter of the protocol; only its package is loaded. It reads its endpoint, headers and timeout from OTEL_EXPORTER_OTLP_*. */
export function exporterFor(protocol: OtlpProtocol): SpanExporter {
  /* eslint-disable @typescript-eslint/no-require-imports -- one exporter package of three is loaded */
  if (protocol === 'grpc')
    return new (
      require('@opentelemetry/exporter-trace-otlp-grpc') as typeof import('@opentelemetry/exporter-trace-otlp-grpc')
    ).OTLPTraceExporter();
  if (protocol === 'http/json')
    return new (
      require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http')
    ).OTLPTraceExporter();
  return new (
    require('@opentelemetry/exporter-trace-otlp-proto') as typeof import('@opentelemetry/exporter-trace-otlp-proto')
  ).OTLPTraceExporter();
  /* eslint-enable @typescript-eslint/no-require-imports */
}

function diagLevel(name: string | undefined): DiagLogLevel | undefined {
  const level = name?.trim().toUpperCase();
  if (!level) return undefined;
  const value = (DiagLogLevel as unknown as Record<string, number | undefined>)[level];
  return value === undefined ? DiagLogLevel.INFO : value;
}
