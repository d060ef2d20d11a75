import { OTLPTraceExporter as GrpcExporter } from '@opentelemetry/exporter-trace-otlp-grpc';
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { exporterFor, otlpProtocol } from './sdk';

describe('the OTLP protocol, as the SDK reads it', () => {
  it('is http/protobuf by default, OTEL_EXPORTER_OTLP_PROTOCOL otherwise, the traces-only variable first', () => {
    expect(otlpProtocol({})).toBe('http/protobuf');
    expect(otlpProtocol({ OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' })).toBe('http/json');
    expect(otlpProtocol({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toBe('grpc');
    expect(otlpProtocol({ OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'grpc' })).toBe('grpc');
    expect(otlpProtocol({ OTEL_EXPORTER_OTLP_PROTOCOL: 'thrift' })).toBe('http/protobuf');
  });

  it('picks the exporter of the protocol', async () => {
    const exporters = [exporterFor('http/protobuf'), exporterFor('http/json'), exporterFor('grpc')];
    expect(exporters[0]).toBeInstanceOf(ProtobufExporter);
    expect(exporters[1]).toBeInstanceOf(JsonExporter);
    expect(exporters[2]).toBeInstanceOf(GrpcExporter);
    await Promise.all(exporters.map((exporter) => exporter.shutdown()));
  });
});
