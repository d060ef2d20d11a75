// deploy/docker-compose.yml: it parses, every long-running container has a healthcheck, every process gets the
// environment its config schema needs, the healthchecks work against the built repo, and — where a Docker CLI with
// compose and a Docker daemon exist — `docker compose config` accepts the file and the image builds.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Server, ServerCredentials } from '@grpc/grpc-js';
import { HealthImplementation } from 'grpc-health-check';
import { parse } from 'yaml';
import { envProblems, PROCESS_NAMES, processOf, type Env } from './process-env';

const root = path.resolve(__dirname, '../..');
const composeFile = path.join(root, 'deploy/docker-compose.yml');

interface ComposeService {
  image?: string;
  build?: unknown;
  command?: string[];
  restart?: string;
  healthcheck?: { test?: string[] | string };
  environment?: Record<string, string | number | boolean | null> | string[];
  depends_on?: Record<string, { condition?: string }> | string[];
}
interface ComposeFile {
  services: Record<string, ComposeService>;
}

const compose = parse(fs.readFileSync(composeFile, 'utf8'), { merge: true }) as ComposeFile;
const appServices = Object.entries(compose.services).filter(([, service]) => processOf(service.command ?? []) !== undefined);

/** Compose's interpolation with nothing exported: `${VAR:-default}` takes its default; `${VAR}` would be empty. */
function interpolate(value: string, missing: string[]): string {
  return value.replace(/\$\{([A-Z0-9_]+)(?::?-([^}]*))?\}/g, (_whole, name: string, fallback: string | undefined) => {
    if (fallback === undefined) missing.push(name);
    return fallback ?? '';
  });
}

function environmentOf(service: ComposeService): { env: Env; missing: string[] } {
  const missing: string[] = [];
  const entries = Array.isArray(service.environment)
    ? service.environment.map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)] as const)
    : Object.entries(service.environment ?? {}).map(([key, value]) => [key, value === null ? '' : String(value)] as const);
  return { env: Object.fromEntries(entries.map(([key, value]) => [key, interpolate(value, missing)])), missing };
}

const healthTest = (service: ComposeService): string[] => {
  const test = service.healthcheck?.test;
  return typeof test === 'string' ? ['CMD-SHELL', test] : (test ?? []);
};

/** The `node -e` script of a `["CMD", "node", "-e", script]` healthcheck. */
function nodeScriptOf(service: ComposeService): string {
  const test = healthTest(service);
  expect(test.slice(0, 3)).toEqual(['CMD', 'node', '-e']);
  return test[3]!;
}

/**
 * Exit code of `node -e script` run from the repo root, as the image runs it from /app (asynchronous: the servers it
 * asks live in this process).
 */
function runNode(script: string): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script], { cwd: root, stdio: 'ignore', timeout: 15_000 });
    child.on('error', reject);
    child.on('exit', (code) => resolve(code));
  });
}

describe('deploy/docker-compose.yml', () => {
  it('runs every process of the platform: every service and the gateway, each from the Dockerfile', () => {
    expect(appServices.map(([, service]) => processOf(service.command!)).sort()).toEqual([...PROCESS_NAMES].sort());
    for (const [, service] of appServices) expect(service.build).toEqual({ context: '..', dockerfile: 'deploy/Dockerfile' });
  });

  it('gives every long-running container a healthcheck', () => {
    const longRunning = Object.entries(compose.services).filter(([, service]) => service.restart !== 'no');
    expect(longRunning.map(([name]) => name)).toEqual(expect.arrayContaining(['mongo', 'nats', ...PROCESS_NAMES]));
    const without = longRunning.filter(([, service]) => healthTest(service).length < 2).map(([name]) => name);
    expect(without).toEqual([]);
  });

  it.each(PROCESS_NAMES)('gives %s the environment its config schema needs, no address on its own loopback', (name) => {
    const [, service] = appServices.find(([, candidate]) => processOf(candidate.command!) === name)!;
    const { env, missing } = environmentOf(service);
    expect(missing).toEqual([]);
    expect(envProblems(name, env)).toEqual([]);
    // The healthcheck asks the port the process listens on.
    const script = nodeScriptOf(service);
    if (name === 'gateway') expect(script).toContain(`127.0.0.1:${env.PORT}/healthz`);
    else expect(script).toContain(`'127.0.0.1:${env.GRPC_PORT}'`);
  });

  it('starts the gateway after every service is healthy, and the services after MongoDB and NATS', () => {
    const dependsOn = (name: string) => compose.services[name]!.depends_on as Record<string, { condition?: string }>;
    for (const name of PROCESS_NAMES.filter((process) => process !== 'gateway')) {
      expect(dependsOn('gateway')[name]).toEqual({ condition: 'service_healthy' });
      expect(dependsOn(name)).toEqual({
        'mongo-init': { condition: 'service_completed_successfully' },
        nats: { condition: 'service_healthy' },
      });
    }
  });

  it('refuses an environment a process would refuse (the check above can fail)', () => {
    const [, webhooks] = appServices.find(([name]) => name === 'webhooks')!;
    const { env } = environmentOf(webhooks);
    const { WEBHOOK_SECRET_KEY: _key, ...withoutKey } = env;
    expect(envProblems('webhooks', withoutKey).join('\n')).toContain('WEBHOOK_SECRET_KEY');
    const { GRPC_HOST: _host, CATALOG_GRPC_ADDR: _catalog, ...defaults } = env;
    expect(envProblems('webhooks', defaults)).toEqual([
      "webhooks: GRPC_HOST=127.0.0.1 is the container's own loopback (the default: set it)",
    ]);
    const [, gateway] = appServices.find(([name]) => name === 'gateway')!;
    const { OAUTH_JWT_SECRET: _secret, ...withoutSecret } = environmentOf(gateway).env;
    expect(envProblems('gateway', withoutSecret).join('\n')).toContain('OAUTH_JWT_SECRET');
  });

  it('healthcheck passes on a SERVING gRPC health service, fails when nothing answers (built grpc-runtime, as in the image)', async () => {
    const script = nodeScriptOf(compose.services.catalog!);
    // The image runs it from /app, where `npx tsc -b` built the repo; here `npm test` builds it (typecheck) first.
    expect({ built: fs.existsSync(path.join(root, 'libs/grpc-runtime/dist/health.client.js')), hint: 'npm run build' }).toEqual({
      built: true,
      hint: 'npm run build',
    });
    const server = new Server();
    const health = new HealthImplementation({ '': 'SERVING' });
    health.addToServer(server);
    const port = await new Promise<number>((resolve, reject) =>
      server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound))),
    );
    try {
      expect(await runNode(script.replace('127.0.0.1:50051', `127.0.0.1:${port}`))).toBe(0);
      health.setStatus('', 'NOT_SERVING');
      expect(await runNode(script.replace('127.0.0.1:50051', `127.0.0.1:${port}`))).toBe(1);
    } finally {
      server.forceShutdown();
    }
    expect(await runNode(script.replace('127.0.0.1:50051', `127.0.0.1:${port}`))).toBe(1);
  }, 60_000);

  it("the gateway's healthcheck passes on 200 from /healthz and fails on 503", async () => {
    const script = nodeScriptOf(compose.services.gateway!);
    let code = 200;
    const server = http.createServer((req, res) => res.writeHead(req.url === '/healthz' ? code : 404).end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      expect(await runNode(script.replace('127.0.0.1:8080', `127.0.0.1:${port}`))).toBe(0);
      code = 503;
      expect(await runNode(script.replace('127.0.0.1:8080', `127.0.0.1:${port}`))).toBe(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }, 60_000);

  it('is accepted by `docker compose config` where the Docker CLI has compose', () => {
    const version = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8', timeout: 30_000 });
    if (version.status !== 0) {
      const why = version.error
        ? `no docker CLI (${version.error.message})`
        : `\`docker compose version\` failed: ${(version.stderr || version.stdout).trim().split('\n')[0]}`;
      console.info(`docker compose config not run: ${why}`);
      return;
    }
    const result = spawnSync('docker', ['compose', '-f', composeFile, 'config', '--quiet'], { encoding: 'utf8', timeout: 60_000 });
    expect(result.stderr.trim()).toBe('');
    expect(result.status).toBe(0);
  }, 120_000);

  it(
    'builds its image from deploy/Dockerfile where a Docker daemon answers',
    () => {
      const info = spawnSync('docker', ['info', '--format', '{{.ServerVersion}}'], { encoding: 'utf8', timeout: 30_000 });
      if (info.status !== 0 || !info.stdout.trim()) {
        console.info(
          `image build not run: no Docker daemon answers ` +
            `(${info.error ? info.error.message : (info.stderr || info.stdout).trim().split('\n').pop()})`,
        );
        return;
      }
      execFileSync('docker', ['build', '-f', 'deploy/Dockerfile', '-t', 'store-commerce:deploy-test', '.'], {
        cwd: root,
        stdio: 'inherit',
        timeout: 25 * 60_000,
      });
      const entry = execFileSync(
        'docker',
        [
          'run',
          '--rm',
          '--entrypoint',
          'node',
          'store-commerce:deploy-test',
          '-e',
          "require('./libs/grpc-runtime/dist/health.client.js'); console.log(require('fs').existsSync('services/webhooks/dist/main.js'))",
        ],
        { encoding: 'utf8' },
      );
      expect(entry.trim()).toBe('true');
    },
    30 * 60_000,
  );
});
