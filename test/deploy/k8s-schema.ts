// Checks rendered Kubernetes objects against the API's schemas, as shipped by the `kubernetes-models` npm package
// (generated from the Kubernetes OpenAPI definitions): its validators check types, required fields and formats, and
// its TypeScript types, given each object as a literal, refuse a field the API does not have (a typo such as
// `readinessProb`, which the validators, like the API server's non-strict decoding, would let through silently).
import path from 'node:path';
import ts from 'typescript';
import type { K8sObject } from './k8s-render';

/** apiVersion/kind → the model's module in kubernetes-models; a kind not listed here fails (add it). */
const MODELS: Record<string, string> = {
  'v1/Namespace': 'v1/Namespace',
  'v1/ConfigMap': 'v1/ConfigMap',
  'v1/Secret': 'v1/Secret',
  'v1/Service': 'v1/Service',
  'v1/ServiceAccount': 'v1/ServiceAccount',
  'apps/v1/Deployment': 'apps/v1/Deployment',
  'apps/v1/StatefulSet': 'apps/v1/StatefulSet',
  'batch/v1/Job': 'batch/v1/Job',
  'autoscaling/v2/HorizontalPodAutoscaler': 'autoscaling/v2/HorizontalPodAutoscaler',
  'policy/v1/PodDisruptionBudget': 'policy/v1/PodDisruptionBudget',
};

const nameOf = (object: K8sObject): string => `${object.kind}/${object.metadata?.name ?? '(no name)'}`;
const modelOf = (object: K8sObject): string | undefined => MODELS[`${object.apiVersion}/${object.kind}`];

/** The models' own validators (ajv, from the OpenAPI schemas): types, required fields, formats. */
export function validatorProblems(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  for (const object of objects) {
    const model = modelOf(object);
    if (!model) {
      problems.push(`${nameOf(object)}: ${object.apiVersion} ${object.kind} is not a kind this check knows (test/deploy/k8s-schema.ts)`);
      continue;
    }
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the model's class, chosen by the object's kind
    const Model = require(`kubernetes-models/${model}`)[object.kind] as new (data: unknown) => { validate(): void };
    try {
      new Model(object).validate();
    } catch (error) {
      problems.push(`${nameOf(object)}: ${(error as Error).message}`);
    }
  }
  return problems;
}

/**
 * Every object as a typed literal (`const o3: IDeployment = {...}`) compiled by TypeScript against the models'
 * declarations: an unknown field anywhere is an excess property, a wrong type or a missing required field an error.
 */
export function strictFieldProblems(objects: K8sObject[]): string[] {
  const imports: string[] = [];
  const declarations: string[] = [];
  const owners: Array<{ firstLine: number; name: string }> = [];
  objects.forEach((object, index) => {
    const model = modelOf(object);
    if (!model) return;
    imports.push(`import type { I${object.kind} as T${index} } from 'kubernetes-models/${model}';`);
    owners.push({ firstLine: 0, name: nameOf(object) });
    declarations.push(`export const o${index}: T${index} = ${JSON.stringify(object, null, 2)};`);
  });
  let line = imports.length;
  for (const [index, declaration] of declarations.entries()) {
    owners[index]!.firstLine = line;
    line += declaration.split('\n').length;
  }
  const source = [...imports, ...declarations].join('\n');
  const lines = source.split('\n');

  // Resolved from the repo root, where kubernetes-models is installed.
  const fileName = path.resolve(__dirname, '../..', 'test/deploy/__rendered_k8s_objects__.ts');
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, languageVersion, ...rest) =>
    name === fileName ? ts.createSourceFile(name, source, languageVersion, true) : getSourceFile(name, languageVersion, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => name === fileName || fileExists(name);
  const program = ts.createProgram([fileName], options, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n').split('\n')[0];
    if (!diagnostic.file || diagnostic.file.fileName !== fileName || diagnostic.start === undefined) return `TypeScript: ${message}`;
    const at = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line;
    const owner = [...owners].reverse().find((candidate) => candidate.firstLine <= at);
    return `${owner?.name ?? 'imports'}: ${message} (at \`${lines[at]?.trim()}\`)`;
  });
}
