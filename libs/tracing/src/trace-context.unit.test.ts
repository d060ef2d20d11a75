import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { currentTraceCarrier, inSpanOf, traceCarrierFrom, type TraceCarrier } from './trace-context';
import { recordSpans, type SpanRecorder } from './span-recorder.fixture';

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/;

describe('trace context, tracing off (no SDK registered)', () => {
  it('has no carrier to store, and runs work with no span and no carrier', async () => {
    expect(currentTraceCarrier()).toBeUndefined();
    const parent = { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' };
    await expect(inSpanOf('publish store/updated', { kind: 'producer', parent }, async (carrier) => carrier)).resolves.toBeUndefined();
  });
});

describe('trace context, tracing on', () => {
  let recorder: SpanRecorder;
  beforeAll(() => {
    recorder = recordSpans();
  });
  afterAll(() => recorder.stop());

  it("has no carrier outside a span, and the active span's W3C context inside one", () => {
    expect(currentTraceCarrier()).toBeUndefined();
    const carrier = trace.getTracer('test').startActiveSpan('write', (active) => {
      const inside = currentTraceCarrier();
      active.end();
      return inside;
    });
    const [, traceId, spanId] = TRACEPARENT.exec(carrier!.traceparent)!;
    const write = recorder
      .spans()
      .filter((s) => s.name === 'write')
      .find((s) => s.spanContext().spanId === spanId)!;
    expect(write.spanContext().traceId).toBe(traceId);
  });

  it("runs work in a child span of the stored context and hands it the child's own carrier", async () => {
    const parent: TraceCarrier = { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01', tracestate: 'vendor=x' };
    const handed = await inSpanOf(
      'publish order/paid',
      { kind: 'producer', parent, attributes: { 'messaging.system': 'nats' } },
      async (carrier) => {
        // The span is the active one while the work runs: what the work stores joins the same trace.
        expect(currentTraceCarrier()).toEqual(carrier);
        return carrier;
      },
    );

    const span = recorder.spans().find((s) => s.name === 'publish order/paid')!;
    expect(span.kind).toBe(SpanKind.PRODUCER);
    expect(span.attributes).toMatchObject({ 'messaging.system': 'nats' });
    expect(span.spanContext().traceId).toBe('0af7651916cd43dd8448eb211c80319c');
    expect(span.parentSpanContext?.spanId).toBe('b7ad6b7169203331');
    expect(handed).toEqual({ traceparent: `00-0af7651916cd43dd8448eb211c80319c-${span.spanContext().spanId}-01`, tracestate: 'vendor=x' });
  });

  it('marks the span as failed when the work throws, and throws on', async () => {
    const parent = { traceparent: '00-1af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' };
    await expect(
      inSpanOf('process order/paid', { kind: 'consumer', parent }, async () => Promise.reject(new Error('receiver down'))),
    ).rejects.toThrow('receiver down');

    const span = recorder.spans().find((s) => s.name === 'process order/paid')!;
    expect(span.kind).toBe(SpanKind.CONSUMER);
    expect(span.status).toEqual({ code: SpanStatusCode.ERROR, message: 'receiver down' });
    expect(span.events.map((event) => event.name)).toEqual(['exception']);
  });

  it("makes no span when the work was not traced, and runs it outside the caller's trace", async () => {
    const before = recorder.spans().length;
    const seen = await trace.getTracer('test').startActiveSpan('another request', async (span) => {
      const inside = await inSpanOf('publish store/updated', { kind: 'producer', parent: undefined }, async (carrier) => ({
        carrier,
        active: currentTraceCarrier(),
      }));
      span.end();
      return inside;
    });
    expect(seen).toEqual({ carrier: undefined, active: undefined });
    expect(recorder.spans().map((span) => span.name)).toEqual([
      ...recorder
        .spans()
        .slice(0, before)
        .map((span) => span.name),
      'another request',
    ]);
  });
});

describe('traceCarrierFrom', () => {
  it('reads traceparent and tracestate, and nothing from a source without a traceparent', () => {
    const fields: Record<string, string> = { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01', tracestate: 'a=1' };
    expect(traceCarrierFrom((name) => fields[name])).toEqual(fields);
    expect(traceCarrierFrom((name) => (name === 'traceparent' ? fields.traceparent : ''))).toEqual({ traceparent: fields.traceparent });
    expect(traceCarrierFrom(() => '')).toBeUndefined();
    expect(traceCarrierFrom(() => undefined)).toBeUndefined();
  });
});
