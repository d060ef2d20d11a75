// deploy/k8s, rendered (kubectl kustomize, or the base read by hand) and checked: every object against the Kubernetes
// schemas (kubernetes-models), then what the platform needs of it — probes, resources, a non-root user, the environment
// each process's config schema requires, a 3-node NATS JetStream cluster, a 3-member MongoDB replica set, the gateway's
// autoscaler.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { SERVICE_NAMES } from '@commerce/config';
import { envProblems, PROCESS_NAMES, processOf, type Env, type ProcessName } from './process-env';
import { keyOf, kubectlAvailable, renderByHand, renderWithKubectl, type K8sObject } from './k8s-render';
import { strictFieldProblems, validatorProblems } from './k8s-schema';

const root = path.resolve(__dirname, '../..');
const base = path.join(root, 'deploy/k8s');

interface Probe {
  grpc?: { port: number };
  httpGet?: { path: string; port: number | string };
  tcpSocket?: { port: number | string };
  exec?: { command: string[] };
}
interface Container {
  name: string;
  image: string;
  command?: string[];
  args?: string[];
  ports?: Array<{ name?: string; containerPort: number }>;
  env?: Array<{
    name: string;
    value?: string;
    valueFrom?: { configMapKeyRef?: { name: string; key: string }; secretKeyRef?: { name: string; key: string }; fieldRef?: unknown };
  }>;
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  startupProbe?: Probe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number; allowPrivilegeEscalation?: boolean };
}
interface PodTemplate {
  metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> };
  spec: { containers: Container[]; securityContext?: { runAsNonRoot?: boolean; runAsUser?: number } };
}
interface Workload extends K8sObject {
  spec: { replicas?: number; serviceName?: string; selector: { matchLabels: Record<string, string> }; template: PodTemplate };
}

const usingKubectl = kubectlAvailable();
if (!usingKubectl)
  console.info('deploy/k8s rendered by hand (kubectl is not on the PATH): kustomization.yaml resources, namespace, labels and images');
const objects = usingKubectl ? renderWithKubectl(base) : renderByHand(base);

const ofKind = <T extends K8sObject = K8sObject>(kind: string): T[] => objects.filter((object) => object.kind === kind) as T[];
const named = <T extends K8sObject = K8sObject>(kind: string, name: string): T => {
  const found = objects.find((object) => object.kind === kind && object.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name} in the rendered deploy/k8s`);
  return found as T;
};

/** The stringData/data of a Secret and the data of a ConfigMap, as a container would see them. */
function valuesOf(kind: 'ConfigMap' | 'Secret', name: string): Env {
  const object = named(kind, name) as K8sObject & { data?: Record<string, string>; stringData?: Record<string, string> };
  const decoded =
    kind === 'Secret'
      ? Object.fromEntries(Object.entries(object.data ?? {}).map(([key, value]) => [key, Buffer.from(value, 'base64').toString('utf8')]))
      : (object.data ?? {});
  return { ...decoded, ...(object.stringData ?? {}) };
}

/** The environment of a container: envFrom in order, then env (values and references). */
function environmentOf(container: Container): Env {
  const env: Env = {};
  for (const source of container.envFrom ?? []) {
    if (source.configMapRef) Object.assign(env, valuesOf('ConfigMap', source.configMapRef.name));
    if (source.secretRef) Object.assign(env, valuesOf('Secret', source.secretRef.name));
  }
  for (const entry of container.env ?? []) {
    const ref = entry.valueFrom?.configMapKeyRef ?? entry.valueFrom?.secretKeyRef;
    if (entry.value !== undefined) env[entry.name] = entry.value;
    else if (ref) {
      const value = valuesOf(entry.valueFrom?.configMapKeyRef ? 'ConfigMap' : 'Secret', ref.name)[ref.key];
      if (value === undefined) throw new Error(`${container.name}: ${entry.name} refers to ${ref.name}/${ref.key}, which does not exist`);
      env[entry.name] = value;
    }
  }
  return env;
}

const appDeployments = ofKind<Workload>('Deployment').map((deployment) => {
  const container = deployment.spec.template.spec.containers[0]!;
  return { deployment, container, process: processOf(container.command ?? []), env: environmentOf(container) };
});
const deploymentOf = (name: ProcessName) => {
  const found = appDeployments.find((candidate) => candidate.process === name);
  if (!found) throw new Error(`no Deployment runs ${name}`);
  return found;
};
const portNamed = (container: Container, name: string): number | undefined =>
  container.ports?.find((port) => port.name === name)?.containerPort;

describe('deploy/k8s', () => {
  it('renders', () => {
    expect(objects.length).toBeGreaterThan(0);
    expect(objects.every((object) => object.kind === 'Namespace' || object.metadata.namespace === 'store-commerce')).toBe(true);
  });

  it('validates every rendered object against the Kubernetes schemas (kubernetes-models)', () => {
    expect(validatorProblems(objects)).toEqual([]);
  });

  it('has no field the Kubernetes API does not know, anywhere in any object (TypeScript against the models)', () => {
    expect(strictFieldProblems(objects)).toEqual([]);
  }, 120_000);

  it('the schema checks fail on a wrong type and on a misspelt field', () => {
    const deployment = structuredClone(named<Workload>('Deployment', 'catalog'));
    (deployment.spec as { replicas: unknown }).replicas = 'two';
    expect(validatorProblems([deployment]).join('\n')).toContain('spec/replicas must be integer');
    const typo = structuredClone(named<Workload>('Deployment', 'catalog'));
    const container = typo.spec.template.spec.containers[0] as Container & { readinessProb?: Probe };
    container.readinessProb = container.readinessProbe;
    delete container.readinessProbe;
    const problems = strictFieldProblems([typo]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^Deployment\/catalog: .*readinessProb.* does not exist in type 'IContainer'/);
  }, 120_000);

  it('the rendering by hand (used where kubectl is missing) gives what kubectl kustomize gives', () => {
    const byHand = renderByHand(base);
    if (!usingKubectl) {
      console.info('kubectl is not on the PATH: the rendering by hand is the one checked, not compared');
      expect(byHand.map(keyOf).sort()).toEqual(objects.map(keyOf).sort());
      return;
    }
    expect(byHand.map(keyOf).sort()).toEqual(objects.map(keyOf).sort());
    const different = objects
      .filter(
        (object) =>
          !isDeepStrictEqual(
            object,
            byHand.find((candidate) => keyOf(candidate) === keyOf(object)),
          ),
      )
      .map(keyOf);
    expect(different).toEqual([]);
  });

  it('runs every process of the platform as a Deployment of the one image', () => {
    expect(appDeployments.map(({ process }) => process).sort()).toEqual([...PROCESS_NAMES].sort());
    for (const { container } of appDeployments) expect(container.image).toMatch(/^store-commerce(:|$)/);
  });

  it.each(PROCESS_NAMES)('gives %s the environment its config schema needs, no address on its own loopback', (name) => {
    const { env, container } = deploymentOf(name);
    expect(envProblems(name, env)).toEqual([]);
    // The ports the process listens on are the container's named ports.
    if (name === 'gateway') expect(portNamed(container, 'http')).toBe(Number(env.PORT));
    else expect(portNamed(container, 'grpc')).toBe(Number(env.GRPC_PORT));
    if (name === 'identity') expect(portNamed(container, 'http')).toBe(Number(env.IDENTITY_HTTP_PORT));
  });

  it('gives every Deployment readiness and liveness probes on the ports its process serves, resources and a non-root user', () => {
    for (const { deployment, container, process, env } of appDeployments) {
      const where = `Deployment ${deployment.metadata.name}`;
      expect({ where, readiness: !!container.readinessProbe, liveness: !!container.livenessProbe }).toEqual({
        where,
        readiness: true,
        liveness: true,
      });
      for (const kind of ['requests', 'limits'] as const)
        expect({ where, kind, ...container.resources?.[kind] }).toEqual({
          where,
          kind,
          cpu: expect.any(String),
          memory: expect.any(String),
        });
      const pod = deployment.spec.template.spec.securityContext;
      expect({ where, runAsNonRoot: pod?.runAsNonRoot, root: (pod?.runAsUser ?? 0) === 0 }).toEqual({
        where,
        runAsNonRoot: true,
        root: false,
      });
      expect(container.securityContext?.allowPrivilegeEscalation).toBe(false);
      if (process === 'gateway') {
        expect(container.readinessProbe?.httpGet).toEqual({ path: '/healthz', port: 'http' });
      } else {
        // The standard gRPC health service (grpc-health-check) on GRPC_PORT.
        for (const probe of [container.readinessProbe, container.livenessProbe])
          expect({ where, grpc: probe?.grpc }).toEqual({ where, grpc: { port: Number(env.GRPC_PORT) } });
      }
    }
  });

  it('serves Prometheus metrics on a port named metrics, announced to scrapers', () => {
    for (const { deployment, container, env } of appDeployments) {
      expect(env.METRICS_HOST).toBe('0.0.0.0');
      expect(portNamed(container, 'metrics')).toBe(Number(env.METRICS_PORT));
      expect(deployment.spec.template.metadata?.annotations).toMatchObject({
        'prometheus.io/scrape': 'true',
        'prometheus.io/port': env.METRICS_PORT,
      });
    }
  });

  it('puts a Service in front of every process, at the address the others are given', () => {
    const gatewayEnv = deploymentOf('gateway').env;
    for (const name of SERVICE_NAMES) {
      const { deployment, container } = deploymentOf(name);
      // dns:///<service>:<port>: a headless Service, whose every ready pod takes calls in turn.
      const address = gatewayEnv[`${name.toUpperCase()}_GRPC_ADDR`]!;
      expect(address).toMatch(/^dns:\/\/\//);
      const [host, port] = address.slice('dns:///'.length).split(':') as [string, string];
      const service = named<
        K8sObject & { spec: { clusterIP?: string; selector: Record<string, string>; ports: Array<{ port: number; targetPort: string }> } }
      >('Service', host);
      expect(service.spec.clusterIP).toBe('None');
      expect(deployment.spec.template.metadata?.labels).toMatchObject(service.spec.selector);
      const servicePort = service.spec.ports.find((candidate) => candidate.port === Number(port));
      expect(servicePort && portNamed(container, servicePort.targetPort)).toBe(Number(deploymentOf(name).env.GRPC_PORT));
      // Replicas where several are safe: every service on MongoDB (README: the embedded store belongs to one process).
      expect(deployment.spec.replicas).toBeGreaterThanOrEqual(2);
    }
    const identityPages = new URL(gatewayEnv.IDENTITY_HTTP_URL!);
    const identityService = named<K8sObject & { spec: { ports: Array<{ port: number; targetPort: string }> } }>(
      'Service',
      identityPages.hostname,
    );
    expect(identityService.spec.ports.find((candidate) => candidate.port === Number(identityPages.port))?.targetPort).toBe('http');
  });

  it('scales the gateway with a CPU autoscaler', () => {
    const [hpa, ...others] = ofKind<
      K8sObject & {
        apiVersion: string;
        spec: {
          scaleTargetRef: unknown;
          minReplicas: number;
          maxReplicas: number;
          metrics: Array<{ type: string; resource?: { name: string } }>;
        };
      }
    >('HorizontalPodAutoscaler');
    expect(others).toEqual([]);
    expect(hpa!.apiVersion).toBe('autoscaling/v2');
    expect(hpa!.spec.scaleTargetRef).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      name: deploymentOf('gateway').deployment.metadata.name,
    });
    expect(hpa!.spec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(hpa!.spec.maxReplicas).toBeGreaterThan(hpa!.spec.minReplicas);
    expect(hpa!.spec.metrics).toContainEqual(
      expect.objectContaining({ type: 'Resource', resource: expect.objectContaining({ name: 'cpu' }) }),
    );
  });

  describe('NATS', () => {
    const nats = named<Workload>('StatefulSet', 'nats');
    const conf = (named('ConfigMap', 'nats-config') as K8sObject & { data: Record<string, string> }).data['nats.conf']!;
    const hosts = [0, 1, 2].map((ordinal) => `nats-${ordinal}.${nats.spec.serviceName}`);

    it('is a 3-server cluster with JetStream on file storage, each server routed to the others by its stable name', () => {
      expect(nats.spec.replicas).toBe(3);
      expect(conf).toMatch(/jetstream\s*\{[^}]*store_dir:\s*\/data/);
      for (const host of hosts) expect(conf).toContain(`nats://${host}:6222`);
      expect(conf).toMatch(/server_name:\s*\$POD_NAME/);
      const headless = named<K8sObject & { spec: { clusterIP?: string } }>('Service', nats.spec.serviceName!);
      expect(headless.spec.clusterIP).toBe('None');
      const container = nats.spec.template.spec.containers[0]!;
      expect(container.args).toEqual(['--config', '/etc/nats/nats.conf']);
      expect(container.readinessProbe && container.livenessProbe && container.resources?.limits).toBeTruthy();
    });

    it('every process is given all three servers', () => {
      for (const { env } of appDeployments)
        expect(env.NATS_URL!.split(',').sort()).toEqual(hosts.map((host) => `nats://${host}:4222`).sort());
    });

    it('nats.conf is accepted by nats-server where it is installed', () => {
      const version = spawnSync('nats-server', ['--version'], { encoding: 'utf8', timeout: 30_000 });
      if (version.status !== 0) {
        console.info(`nats.conf not tested: no nats-server on the PATH (${version.error?.message ?? version.stderr})`);
        return;
      }
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nats-conf-'));
      try {
        fs.writeFileSync(path.join(dir, 'nats.conf'), conf);
        const result = spawnSync('nats-server', ['-c', path.join(dir, 'nats.conf'), '-t'], {
          encoding: 'utf8',
          timeout: 30_000,
          env: { ...process.env, POD_NAME: 'nats-0' },
        });
        expect(`${result.stdout}${result.stderr}`).toContain('configuration file');
        expect(result.status).toBe(0);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  describe('MongoDB', () => {
    const mongo = named<Workload>('StatefulSet', 'mongo');
    const members = [0, 1, 2].map((ordinal) => `mongo-${ordinal}.${mongo.spec.serviceName}`);

    it('is a 3-member replica set behind a headless Service', () => {
      expect(mongo.spec.replicas).toBe(3);
      const container = mongo.spec.template.spec.containers[0]!;
      expect(container.image).toMatch(/^mongo:7/);
      expect(container.args?.join(' ')).toContain('--replSet rs0');
      expect(container.readinessProbe && container.livenessProbe && container.resources?.limits).toBeTruthy();
      expect(named<K8sObject & { spec: { clusterIP?: string } }>('Service', mongo.spec.serviceName!).spec.clusterIP).toBe('None');
    });

    it('is initiated by a job that leaves an initiated set alone', () => {
      const job = named<K8sObject & { spec: { template: PodTemplate } }>('Job', 'mongo-init');
      const script = [...(job.spec.template.spec.containers[0]!.command ?? []), ...(job.spec.template.spec.containers[0]!.args ?? [])].join(
        ' ',
      );
      expect(script).toContain('rs.initiate');
      expect(script).toMatch(/try \{\s*rs\.status\(\)/);
      for (const [index, member] of members.entries()) expect(script).toContain(`{ _id: ${index}, host: "${member}:27017" }`);
    });

    it('every service is given the whole replica set', () => {
      for (const { process, env } of appDeployments) {
        if (process === 'gateway') continue;
        const url = new URL(env.MONGO_URL!);
        expect(url.host.split(',').sort()).toEqual([...members].sort());
        expect(url.searchParams.get('replicaSet')).toBe('rs0');
      }
    });
  });
});
