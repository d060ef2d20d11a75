import type { IRouter } from 'express';
import { checkHealth } from '@commerce/grpc-runtime';
import { sendJson } from './fast-path/send-json';

/** GET /healthz: 200 only when every service answers the standard gRPC health check SERVING. */
export function healthRoutes(router: IRouter, backends: Array<{ service: string; address: string }>): void {
  router.get('/healthz', async (_req, res) => {
    const results = await Promise.all(
      backends.map(
        async ({ service, address }) => [service, await checkHealth(address, { deadlineMs: 1_000 }).catch(() => false)] as const,
      ),
    );
    const healthy = results.every(([, serving]) => serving);
    const services = Object.fromEntries(results.map(([service, serving]) => [service, serving ? 'SERVING' : 'NOT_SERVING']));
    const code = healthy ? 200 : 503;
    sendJson(res, code, { data: { status: healthy ? 'ok' : 'degraded', services }, meta: { code, api_version: '1.0' } });
  });
}
