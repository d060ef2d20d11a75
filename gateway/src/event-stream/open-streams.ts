import { randomUUID } from 'node:crypto';
import type { NatsConnection, Subscription } from 'nats';
import type { Principal } from '../auth/principal';

/** Core NATS: each gateway process's open streams per credential (docs/webhooks.md#the-live-event-stream). */
export const OPEN_STREAMS_SUBJECT = 'gateway.event-streams.open';
/** How often a process repeats its counts (it also sends them at every change); a process silent three times as long is forgotten. */
const REPEAT_MS = 1_000;
const FORGET_AFTER_MS = 3 * REPEAT_MS;

/** One open stream, as the registry holds it: ended by the registry (revocation, shutdown), closed by its route. */
export interface OpenStream {
  /** The stream ended (client gone, or ended here): frees its place. */
  close(): void;
}

/** The credential a stream counts against: the API key (its id) or the OAuth grant. */
export function streamCredentialOf(principal: Principal): string {
  return principal.kind === 'api_key' ? `key:${principal.keyId}` : `grant:${principal.grantId}`;
}

interface Entry {
  credential: string;
  storeId: number;
  isApiKey: boolean;
  end: () => void;
}

interface CountsMessage {
  process: string;
  counts: Record<string, number>;
}

/**
 * The live event streams open in this gateway process, bounded per credential (EVENT_STREAMS_PER_CREDENTIAL) across
 * every gateway process and replica once `share` runs: each process publishes its counts on NATS at every change and
 * every second, and admits a stream while its own plus the others' last counts stay under the bound. Two processes
 * admitting the same credential's streams within the same few milliseconds may each let one through; a process that
 * stopped without saying so is forgotten after three seconds.
 */
export class OpenStreams {
  private readonly open = new Set<Entry>();
  private readonly others = new Map<string, { counts: Map<string, number>; seenAt: number }>();
  private readonly processId = randomUUID();
  private publish?: () => void;

  constructor(readonly perCredential: number) {}

  /** A place for the principal's new stream, or undefined when its credential has `perCredential` open already. */
  admit(principal: Principal, end: () => void): OpenStream | undefined {
    const credential = streamCredentialOf(principal);
    if (this.countOf(credential) >= this.perCredential) return undefined;
    const entry: Entry = { credential, storeId: principal.storeId, isApiKey: principal.kind === 'api_key', end };
    this.open.add(entry);
    this.publish?.();
    return {
      close: () => {
        if (this.open.delete(entry)) this.publish?.();
      },
    };
  }

  /** Streams open for the credential, in every process heard from. */
  countOf(credential: string, nowMs = Date.now()): number {
    let count = 0;
    for (const entry of this.open) if (entry.credential === credential) count += 1;
    for (const [process, other] of this.others) {
      if (nowMs - other.seenAt > FORGET_AFTER_MS) this.others.delete(process);
      else count += other.counts.get(credential) ?? 0;
    }
    return count;
  }

  /** A revoked grant's streams end (its client reconnects and is refused). */
  endGrant(grantId: string): void {
    this.endWhere((entry) => entry.credential === `grant:${grantId}`);
  }

  /** A store's key was rotated: the streams of its API key end. */
  endStoreKeyStreams(storeId: number): void {
    this.endWhere((entry) => entry.isApiKey && entry.storeId === storeId);
  }

  /** Shutdown: every stream ends now (clients resume with Last-Event-ID elsewhere). */
  endAll(): void {
    this.endWhere(() => true);
  }

  get size(): number {
    return this.open.size;
  }

  /** Shares the counts with the other gateway processes on NATS; answers the stop. */
  share(nc: NatsConnection): { stop(): void } {
    const encoder = new TextEncoder();
    const publish = () => {
      const counts: Record<string, number> = {};
      for (const entry of this.open) counts[entry.credential] = (counts[entry.credential] ?? 0) + 1;
      const message: CountsMessage = { process: this.processId, counts };
      try {
        if (!nc.isClosed()) nc.publish(OPEN_STREAMS_SUBJECT, encoder.encode(JSON.stringify(message)));
      } catch {
        // Closing or draining: the others forget this process's counts after FORGET_AFTER_MS.
      }
    };
    const subscription: Subscription = nc.subscribe(OPEN_STREAMS_SUBJECT, {
      callback: (error, message) => {
        if (error) return;
        const heard = parseCounts(message.data);
        if (heard && heard.process !== this.processId) this.others.set(heard.process, { counts: heard.counts, seenAt: Date.now() });
      },
    });
    this.publish = publish;
    const timer = setInterval(publish, REPEAT_MS);
    timer.unref();
    return {
      stop: () => {
        clearInterval(timer);
        this.publish = undefined;
        subscription.unsubscribe();
      },
    };
  }

  private endWhere(matches: (entry: Entry) => boolean): void {
    for (const entry of [...this.open]) {
      if (!matches(entry)) continue;
      this.open.delete(entry);
      entry.end();
    }
    this.publish?.();
  }
}

const decoder = new TextDecoder();

/** Another process's counts, or undefined for anything that is not one (never trusted to be well-formed). */
function parseCounts(data: Uint8Array): { process: string; counts: Map<string, number> } | undefined {
  let value: unknown;
  try {
    value = JSON.parse(decoder.decode(data));
  } catch {
    return undefined;
  }
  const message = value as Partial<CountsMessage> | null;
  if (typeof message?.process !== 'string' || typeof message.counts !== 'object' || message.counts === null) return undefined;
  const counts = new Map<string, number>();
  for (const [credential, count] of Object.entries(message.counts))
    if (credential.length <= 256 && Number.isSafeInteger(count) && count > 0) counts.set(credential, count);
  return { process: message.process, counts };
}
