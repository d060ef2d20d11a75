import { startTracing, stopTracing, tracingRequested } from './start';

// The SDK module, replaced: whether startTracing loads it at all is what is tested.
const startSdk = jest.fn((_name: string, _env: NodeJS.ProcessEnv) => ({ shutdown: jest.fn(async () => undefined) }));
let sdkLoaded = false;
jest.mock('./sdk', () => {
  sdkLoaded = true;
  return { startSdk: (name: string, env: NodeJS.ProcessEnv) => startSdk(name, env) };
});

const ENDPOINT = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' };

describe('tracingRequested', () => {
  it('is on with OTEL_EXPORTER_OTLP_ENDPOINT, unless the SDK is disabled or the traces exporter is none', () => {
    expect(tracingRequested(ENDPOINT)).toBe(true);
    expect(tracingRequested({ ...ENDPOINT, OTEL_TRACES_EXPORTER: 'otlp' })).toBe(true);
    expect(tracingRequested({})).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: ' ' })).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:4318/v1/traces' })).toBe(false);
    expect(tracingRequested({ ...ENDPOINT, OTEL_SDK_DISABLED: 'TRUE' })).toBe(false);
    expect(tracingRequested({ ...ENDPOINT, OTEL_TRACES_EXPORTER: 'none' })).toBe(false);
  });
});

describe('startTracing', () => {
  afterEach(() => stopTracing());

  it('returns at once without loading the SDK when OTEL_EXPORTER_OTLP_ENDPOINT is unset', async () => {
    expect(startTracing('catalog', {})).toBe(false);
    expect(sdkLoaded).toBe(false);
    expect(startSdk).not.toHaveBeenCalled();
    await expect(stopTracing()).resolves.toBeUndefined();
  });

  it('starts the SDK once, named after the process, when it is set; stopTracing shuts it down', async () => {
    expect(startTracing('orders', ENDPOINT)).toBe(true);
    expect(startTracing('orders', ENDPOINT)).toBe(true);

    expect(sdkLoaded).toBe(true);
    expect(startSdk).toHaveBeenCalledTimes(1);
    expect(startSdk).toHaveBeenCalledWith('orders', ENDPOINT);
    const sdk = startSdk.mock.results[0].value as { shutdown: jest.Mock };
    await stopTracing();
    expect(sdk.shutdown).toHaveBeenCalledTimes(1);
  });
});
