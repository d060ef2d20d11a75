import { lookup } from 'node:dns/promises';
import { DomainError } from '@commerce/grpc-runtime';
import type { HostResolver } from '../app/webhooks-deps';

/** Codes of a name that does not exist (or has no address), as opposed to DNS failing to answer. */
const NO_SUCH_NAME = new Set(['ENOTFOUND', 'ENODATA', 'EAI_NONAME', 'EAI_NODATA']);

/**
 * Resolves with the system resolver (getaddrinfo, as node's HTTP client does when it connects: /etc/hosts
 * included), every address of both families. A DNS failure that may pass, or no answer within `timeoutMs`, is
 * UNAVAILABLE: the caller may try again.
 */
export class DnsResolver implements HostResolver {
  constructor(private readonly timeoutMs = 5_000) {}

  async addressesOf(host: string): Promise<string[] | null> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(unavailable(host)), this.timeoutMs);
    });
    try {
      const found = await Promise.race([lookup(host, { all: true, verbatim: true }), timeout]);
      return found.map((entry) => entry.address);
    } catch (error) {
      if (NO_SUCH_NAME.has((error as NodeJS.ErrnoException).code ?? '')) return null;
      if (error instanceof DomainError) throw error;
      throw unavailable(host);
    } finally {
      clearTimeout(timer);
    }
  }
}

const unavailable = (host: string) =>
  new DomainError('UNAVAILABLE', `Could not resolve ${host} to check where the webhook points; try again`);
