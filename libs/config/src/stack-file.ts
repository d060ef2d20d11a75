import fs from 'node:fs';
import path from 'node:path';
import type { ServiceName } from './platform.config';

/**
 * What `npm start` writes to `DATA_DIR/stack.json` once its stack answers: where each of its processes runs (no
 * secrets). The stack's own tools find it there through DATA_DIR (storectl), never by a port another stack may hold.
 */
export interface StackFile {
  base_url: string;
  nats_url: string;
  /** identity's pages, which the gateway proxies. */
  identity_http_url: string;
  /** Where each service's gRPC server listens (a port the launcher picked free, or the one configured). */
  grpc_addresses: Record<ServiceName, string>;
  launcher_pid: number;
  pids: Record<string, number>;
  /** Each process's `/metrics` URL, when METRICS_PORT_BASE is set. */
  metrics: Record<string, string>;
}

export const stackFilePath = (dataDir: string): string => path.join(dataDir, 'stack.json');

/** The stack file of `dataDir`, or undefined when there is none; a file that is not JSON throws. */
export function readStackFile(dataDir: string): Partial<StackFile> | undefined {
  let text: string;
  try {
    text = fs.readFileSync(stackFilePath(dataDir), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return JSON.parse(text) as Partial<StackFile>;
}

export function writeStackFile(dataDir: string, contents: StackFile): void {
  fs.writeFileSync(stackFilePath(dataDir), JSON.stringify(contents, null, 2));
}

/** Whether a process with this id runs (one of another user counts: it exists). */
export function isProcessRunning(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
