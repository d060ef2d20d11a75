// OpenTelemetry tracing (docs/operations.md#tracing). `startTracing` loads the SDK only when
// OTEL_EXPORTER_OTLP_ENDPOINT is set; the rest needs @opentelemetry/api alone and costs nothing when off.
export { startTracing, stopTracing, tracingRequested } from './start';
export {
  currentTraceCarrier,
  inSpanOf,
  traceCarrierFrom,
  type TraceCarrier,
  type TracedSpanKind,
  type TracedSpanOptions,
} from './trace-context';
