// prom-client is loaded only by a process that serves metrics: the others keep its ~10 MB.
let promClientLoaded = false;
jest.mock('prom-client', () => {
  promClientLoaded = true;
  return jest.requireActual('prom-client');
});

describe('loadMetrics', () => {
  it('leaves prom-client unloaded until a process asks for metrics', () => {
    jest.isolateModules(() => {
      const observability = require('./index') as typeof import('./index'); // eslint-disable-line @typescript-eslint/no-require-imports
      observability.createLogger({ service: 'quiet', level: 'silent' });
      expect(promClientLoaded).toBe(false);
      const registry = observability.loadMetrics().createMetricsRegistry('loud');
      expect(promClientLoaded).toBe(true);
      expect(registry.getSingleMetric('grpc_server_handled_total')).toBeUndefined();
    });
  });
});
