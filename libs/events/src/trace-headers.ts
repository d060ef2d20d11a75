// The trace context of an event on the bus: W3C `traceparent`/`tracestate` as NATS message headers, beside
// the envelope (whose documented shape stays as it is). Nothing is added when the event was not traced.
import { headers as natsHeaders, type MsgHdrs } from 'nats';
import { traceCarrierFrom, type TraceCarrier } from '@commerce/tracing';

export function traceHeaders(carrier: TraceCarrier | undefined): MsgHdrs | undefined {
  if (!carrier) return undefined;
  const headers = natsHeaders();
  headers.set('traceparent', carrier.traceparent);
  if (carrier.tracestate) headers.set('tracestate', carrier.tracestate);
  return headers;
}

/** The publisher's trace context, when the message carries one. */
export function traceCarrierOfMessage(headers: MsgHdrs | undefined): TraceCarrier | undefined {
  return headers ? traceCarrierFrom((name) => headers.get(name)) : undefined;
}
