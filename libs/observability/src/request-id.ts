import { randomUUID } from 'node:crypto';

const ACCEPTABLE = /^[A-Za-z0-9._:-]{8,128}$/;

/** Keeps a caller's request id when it is well formed (so traces join up), otherwise makes one. */
export function requestIdFrom(incoming: string | string[] | undefined): string {
  const candidate = Array.isArray(incoming) ? incoming[0] : incoming;
  return candidate && ACCEPTABLE.test(candidate) ? candidate : randomUUID();
}
