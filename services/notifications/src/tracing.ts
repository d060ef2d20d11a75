// main.ts's first import: with OTEL_EXPORTER_OTLP_ENDPOINT set, the SDK must patch http and grpc-js before they load.
import { startTracing } from '@commerce/tracing';

startTracing('notifications');
