// Where the .proto sources live at run time, for server reflection (docs/architecture.md#contracts: proto/commerce/<ctx>/v1).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { loadSync, type PackageDefinition } from '@grpc/proto-loader';

/** `PROTO_DIR`, else the repository's `proto/` (this file runs from libs/grpc-runtime/dist or /src). */
export function protoRoot(): string {
  return process.env.PROTO_DIR ?? path.resolve(__dirname, '../../../proto');
}

/** `commerce.storefront.v1.StorefrontService` → every .proto of `commerce/storefront/v1`, relative to the root. */
export function protoFilesOf(serviceName: string, root = protoRoot()): string[] {
  const packagePath = serviceName.split('.').slice(0, -1).join('/');
  const directory = path.join(root, packagePath);
  if (!existsSync(directory)) return [];
  return readdirSync(directory)
    .filter((file) => file.endsWith('.proto'))
    .sort()
    .map((file) => `${packagePath}/${file}`);
}

export function loadProtoPackage(files: string[], root = protoRoot()): PackageDefinition {
  return loadSync(files, { includeDirs: [root], keepCase: true });
}
