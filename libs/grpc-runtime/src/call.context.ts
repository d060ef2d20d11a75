// What travels beside every request as metadata (docs/architecture.md#contracts): the request id and the caller's principal.
import { Metadata } from '@grpc/grpc-js';
import { requestIdFrom } from '@commerce/observability';
import { unauthenticated } from './domain.error';

export const REQUEST_ID_KEY = 'x-request-id';
export const PRINCIPAL_KEY = 'x-principal';

/**
 * Who is calling, as the gateway authenticated it. Its shape belongs to the gateway and identity;
 * they may narrow it by module augmentation (`declare module '@commerce/grpc-runtime' { interface Principal {...} }`).
 */
export interface Principal {
  readonly [key: string]: unknown;
}

export interface CallContext {
  metadata: Metadata;
  requestId: string;
  principal?: Principal;
  /** Absolute deadline (epoch ms, Infinity when the caller set none): pass it on to downstream calls. */
  deadline: number;
}

// Metadata text values must be printable ASCII; anything else would make grpc-js throw mid-request.
const PRINTABLE_ASCII = /^[\x20-\x7e]{1,200}$/;
const NON_ASCII = /[\u007f-\uffff]/g;

export function readCallContext(metadata: Metadata, deadline: Date | number): CallContext {
  const requestId = metadata.get(REQUEST_ID_KEY)[0];
  const principalJson = metadata.get(PRINCIPAL_KEY)[0];
  const context: CallContext = {
    metadata,
    requestId: requestIdFrom(typeof requestId === 'string' ? requestId : undefined),
    deadline: typeof deadline === 'number' ? deadline : deadline.getTime(),
  };
  if (typeof principalJson === 'string') context.principal = parsePrincipal(principalJson);
  return context;
}

function parsePrincipal(json: string): Principal {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw unauthenticated('Malformed principal metadata');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw unauthenticated('Malformed principal metadata');
  return value as Principal;
}

export function writeCallMetadata(requestId: string | undefined, principal: Principal | undefined): Metadata {
  const metadata = new Metadata();
  if (requestId !== undefined && PRINTABLE_ASCII.test(requestId)) metadata.set(REQUEST_ID_KEY, requestId);
  if (principal !== undefined) metadata.set(PRINCIPAL_KEY, asciiJson(principal));
  return metadata;
}

function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(NON_ASCII, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
