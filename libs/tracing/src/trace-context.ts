// The trace context carried where OpenTelemetry's instrumentations do not reach: with an event in the outbox,
// in NATS headers, with a webhook delivery. Only @opentelemetry/api: with no SDK registered (tracing off)
// there is no active span, every function here returns at once and nothing is stored or sent.
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes, type Context } from '@opentelemetry/api';

/** W3C Trace Context (`traceparent`, `tracestate`), as stored beside work done later and sent as message headers. */
export interface TraceCarrier {
  traceparent: string;
  tracestate?: string;
}

export type TracedSpanKind = 'producer' | 'consumer' | 'internal';

export interface TracedSpanOptions {
  kind: TracedSpanKind;
  /** Where the work comes from; none: the work was not traced, and no span is made. */
  parent: TraceCarrier | undefined;
  attributes?: Attributes;
}

const KINDS: Record<TracedSpanKind, SpanKind> = { producer: SpanKind.PRODUCER, consumer: SpanKind.CONSUMER, internal: SpanKind.INTERNAL };
const tracer = () => trace.getTracer('@commerce/tracing');

/** The active span's context, to store with work done later; undefined when nothing is traced (tracing off). */
export function currentTraceCarrier(): TraceCarrier | undefined {
  const active = context.active();
  if (trace.getSpan(active) === undefined) return undefined;
  return carrierOf(active);
}

/** A carrier read from wherever it was kept (headers, a stored document); undefined when it holds no traceparent. */
export function traceCarrierFrom(read: (name: 'traceparent' | 'tracestate') => string | undefined | null): TraceCarrier | undefined {
  const traceparent = read('traceparent');
  if (!traceparent) return undefined;
  const tracestate = read('tracestate');
  return tracestate ? { traceparent, tracestate } : { traceparent };
}

/**
 * Runs `work` inside a span that is a child of `parent` (the context stored with the work), and hands it that
 * span's own carrier (what a producer puts in its message's headers). The span ends when `work` settles, marked
 * as an error when it throws. Without a parent `work` runs outside any trace, with no span and no carrier: not in
 * the caller's, which belongs to other work (the request whose write woke a relay pass or a delivery pass).
 */
export function inSpanOf<R>(name: string, options: TracedSpanOptions, work: (carrier: TraceCarrier | undefined) => Promise<R>): Promise<R> {
  return options.parent ? inSpan(name, options, options.parent, work) : context.with(ROOT_CONTEXT, work, undefined, undefined);
}

async function inSpan<R>(
  name: string,
  options: TracedSpanOptions,
  parent: TraceCarrier,
  work: (carrier: TraceCarrier | undefined) => Promise<R>,
): Promise<R> {
  const parentContext = contextOf(parent);
  const span = tracer().startSpan(name, { kind: KINDS[options.kind], attributes: options.attributes }, parentContext);
  const spanContext = trace.setSpan(parentContext, span);
  try {
    return await context.with(spanContext, () => work(carrierOf(spanContext)));
  } catch (error) {
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
    throw error;
  } finally {
    span.end();
  }
}

// From the root: the caller's own context (often the request that woke a relay pass) is not the work's.
function contextOf(carrier: TraceCarrier): Context {
  return propagation.extract(ROOT_CONTEXT, carrier);
}

function carrierOf(source: Context): TraceCarrier | undefined {
  const fields: Record<string, string> = {};
  propagation.inject(source, fields);
  return traceCarrierFrom((name) => fields[name]);
}
