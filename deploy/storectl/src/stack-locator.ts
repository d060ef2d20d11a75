import path from 'node:path';
import {
  addressEnvName,
  configuredServiceAddresses,
  isProcessRunning,
  loadConfig,
  readStackFile,
  type ServiceName,
  type StackFile,
} from '@commerce/config';
import { GrpcStatus, isRemoteError } from '@commerce/grpc-runtime';

/** Why storectl cannot act on a stack, as a sentence for the operator (exit code 1). */
export class StackUnavailable extends Error {}

/** Where a service answers, and what said so (named when it does not answer). */
export interface ServiceEndpoint {
  address: string;
  source: string;
}

/**
 * The stack storectl acts on: the one `npm start` runs on DATA_DIR (default `.data`), as its `stack.json` says, so
 * it never reaches another checkout's stack. `<SERVICE>_GRPC_ADDR`, when set, names a service's address instead
 * (a deployment without the launcher: docker-compose, Kubernetes).
 */
export class StackLocator {
  readonly dataDir: string;
  private readonly configured: Record<string, string | undefined>;
  private stackFile: Partial<StackFile> | undefined;

  constructor(env: NodeJS.ProcessEnv) {
    this.dataDir = path.resolve(env.DATA_DIR?.trim() || '.data');
    this.configured = loadConfig(configuredServiceAddresses, env);
  }

  endpointOf(service: ServiceName): ServiceEndpoint {
    const setting = addressEnvName(service);
    const configured = this.configured[setting];
    if (configured) return { address: configured, source: setting };
    const address = this.runningStack().grpc_addresses?.[service];
    if (!address)
      throw new StackUnavailable(
        `The stack of DATA_DIR ${this.dataDir} was started by an older launcher, whose stack.json does not say where ` +
          `its services listen: stop it and start it again with \`npm start\`.`,
      );
    return { address, source: `${this.dataDir}/stack.json` };
  }

  /** The gateway's public base URL, as the launcher wrote it. */
  baseUrl(): string {
    const url = this.runningStack().base_url;
    if (!url)
      throw new StackUnavailable(
        `The stack.json of DATA_DIR ${this.dataDir} names no base URL: start the stack again with \`npm start\`, or pass --url.`,
      );
    return url;
  }

  /** DATA_DIR's stack file, when its launcher still runs. */
  private runningStack(): Partial<StackFile> {
    this.stackFile ??= this.readRunningStack();
    return this.stackFile;
  }

  private readRunningStack(): Partial<StackFile> {
    let stack: Partial<StackFile> | undefined;
    try {
      stack = readStackFile(this.dataDir);
    } catch (error) {
      throw new StackUnavailable(
        `The stack.json of DATA_DIR ${this.dataDir} cannot be read ` +
          `(${error instanceof Error ? error.message : String(error)}): start the stack again with \`npm start\`, which ` +
          `writes it anew.`,
      );
    }
    if (!stack) {
      throw new StackUnavailable(
        `No stack is running for DATA_DIR ${this.dataDir} (it has no stack.json): start one with \`npm start\` in this ` +
          `checkout, or set DATA_DIR to the data directory of the stack to use.`,
      );
    }
    if (stack.launcher_pid === undefined || !isProcessRunning(stack.launcher_pid)) {
      throw new StackUnavailable(
        `The stack of DATA_DIR ${this.dataDir} is not running: its launcher (pid ${stack.launcher_pid}) has exited. ` +
          `Start it again with \`npm start\`.`,
      );
    }
    return stack;
  }
}

/**
 * Runs `call` against a service of the stack; a service that does not answer (nothing listens, or no answer in time)
 * becomes a sentence naming it, its address and where that came from.
 */
export async function onService<T>(stack: StackLocator, service: ServiceName, call: (address: string) => Promise<T>): Promise<T> {
  const { address, source } = stack.endpointOf(service);
  try {
    return await call(address);
  } catch (error) {
    if (!isRemoteError(error) || (error.code !== GrpcStatus.UNAVAILABLE && error.code !== GrpcStatus.DEADLINE_EXCEEDED)) throw error;
    throw new StackUnavailable(
      `The ${service} service does not answer at ${address} (from ${source}): the stack may have stopped or still be ` +
        `starting. Check the terminal running \`npm start\`, or start it again.`,
    );
  }
}
