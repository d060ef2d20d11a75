// Renders deploy/k8s: `kubectl kustomize` where kubectl is on the PATH; otherwise the base read by hand (its
// resources concatenated, with the namespace, labels and images the kustomization sets), which is all this base uses.
// No kustomize runs on Node (npm has no maintained port), so the fallback is checked against kubectl where both exist.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
}

interface Kustomization {
  namespace?: string;
  resources?: string[];
  labels?: Array<{ pairs: Record<string, string>; includeSelectors?: boolean; includeTemplates?: boolean }>;
  images?: Array<{ name: string; newName?: string; newTag?: string }>;
  [field: string]: unknown;
}

/** What the fallback knows how to apply; a kustomization using anything else needs kubectl. */
const FALLBACK_FIELDS = new Set(['apiVersion', 'kind', 'namespace', 'resources', 'labels', 'images']);
const CLUSTER_SCOPED = new Set([
  'Namespace',
  'ClusterRole',
  'ClusterRoleBinding',
  'PersistentVolume',
  'StorageClass',
  'CustomResourceDefinition',
]);

export function parseObjects(text: string): K8sObject[] {
  return parseAllDocuments(text)
    .map((document) => {
      if (document.errors.length > 0) throw new Error(document.errors.map((error) => error.message).join('\n'));
      return document.toJS() as K8sObject | null;
    })
    .filter((object): object is K8sObject => object !== null);
}

export function kubectlAvailable(): boolean {
  return spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8', timeout: 30_000 }).status === 0;
}

export function renderWithKubectl(dir: string): K8sObject[] {
  const result = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8', timeout: 60_000, maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`kubectl kustomize ${dir} failed: ${result.stderr || result.error?.message}`);
  return parseObjects(result.stdout);
}

function podSpecsOf(object: K8sObject): Array<Record<string, unknown>> {
  const spec = object.spec as Record<string, unknown> | undefined;
  const template = spec?.template as { spec?: Record<string, unknown> } | undefined;
  const jobTemplate = (spec?.jobTemplate as { spec?: { template?: { spec?: Record<string, unknown> } } } | undefined)?.spec?.template;
  return [template?.spec, jobTemplate?.spec].filter((podSpec): podSpec is Record<string, unknown> => podSpec !== undefined);
}

export function renderByHand(dir: string): K8sObject[] {
  const kustomization = parse(fs.readFileSync(path.join(dir, 'kustomization.yaml'), 'utf8')) as Kustomization;
  const unknown = Object.keys(kustomization).filter((field) => !FALLBACK_FIELDS.has(field));
  if (unknown.length > 0) throw new Error(`the fallback renderer cannot apply ${unknown.join(', ')}: render with kubectl`);
  const objects = (kustomization.resources ?? []).flatMap((resource) => parseObjects(fs.readFileSync(path.join(dir, resource), 'utf8')));
  for (const object of objects) {
    if (kustomization.namespace && !CLUSTER_SCOPED.has(object.kind)) object.metadata.namespace = kustomization.namespace;
    for (const { pairs, includeSelectors, includeTemplates } of kustomization.labels ?? []) {
      if (includeSelectors || includeTemplates)
        throw new Error('the fallback renderer applies labels to metadata only: render with kubectl');
      object.metadata.labels = { ...object.metadata.labels, ...pairs };
    }
    for (const podSpec of podSpecsOf(object)) {
      for (const container of [
        ...((podSpec.containers as Array<{ image: string }>) ?? []),
        ...((podSpec.initContainers as Array<{ image: string }>) ?? []),
      ]) {
        const [name, tag] = container.image.split(':') as [string, string | undefined];
        const image = kustomization.images?.find((candidate) => candidate.name === name);
        if (image) container.image = `${image.newName ?? name}${(image.newTag ?? tag) ? `:${image.newTag ?? tag}` : ''}`;
      }
    }
  }
  return objects;
}

export const keyOf = (object: K8sObject): string => `${object.kind}/${object.metadata.namespace ?? ''}/${object.metadata.name}`;
