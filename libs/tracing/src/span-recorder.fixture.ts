// Tests only (excluded from the build): a registered SDK that keeps finished spans in memory, as a traced process has it.
import { context, propagation, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, NodeTracerProvider, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-node';

export interface SpanRecorder {
  /** Spans ended so far, in the order they ended. */
  spans(): ReadableSpan[];
  /** Unregisters the SDK: the process traces nothing again. */
  stop(): Promise<void>;
}

export function recordSpans(): SpanRecorder {
  const exporter = new InMemorySpanExporter();
  const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  // The context manager (AsyncLocalStorage) and W3C propagator a traced process registers.
  provider.register();
  return {
    spans: () => exporter.getFinishedSpans(),
    async stop() {
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}
