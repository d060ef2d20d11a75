// Who a page view is counted as (docs/visits.md#who-is-a-visitor), pure: a browser by the visitor id the gateway
// signed, else its client (address and User-Agent), remembered in bounded memory. No I/O, no clock of its own.
import { createHash } from 'node:crypto';
import { isbot } from 'isbot';

/** Clients counted without a visitor id that are remembered at once, per process (about 350 bytes each: 18 MB at most). */
export const MAX_CLIENTS = 50_000;

/** Whether a User-Agent may be a person's: it says something, and it is not a known bot's (the `isbot` list). */
export const isPersonAgent = (userAgent: string): boolean => userAgent.trim() !== '' && !isbot(userAgent);

/**
 * The key a view without a usable visitor id is counted by: the store, the client's address (the gateway's
 * form: IPv4, or an IPv6 address's /64) and the User-Agent, hashed so that each key has one small size and no
 * address is kept.
 */
export const clientKeyOf = (storeId: number, clientAddress: string, userAgent: string): string =>
  createHash('sha256')
    .update(JSON.stringify([storeId, clientAddress, userAgent]))
    .digest('base64url')
    .slice(0, 22);

/**
 * The state of the clients counted without a visitor id, in memory and bounded: past `max` clients, the one seen
 * least recently is forgotten (if it comes back, it is a new visitor again). A Map keeps insertion order, so moving
 * a client to the end on every use makes the first key the least recently used.
 */
export class RecentClients<S> {
  private readonly states = new Map<string, S>();

  constructor(private readonly max = MAX_CLIENTS) {}

  /** The client's state, or `fresh()` remembered as it; either way now the most recently used. */
  stateOf(key: string, fresh: () => S): S {
    const state = this.states.get(key) ?? fresh();
    this.states.delete(key);
    this.states.set(key, state);
    if (this.states.size > this.max) this.states.delete(this.states.keys().next().value!);
    return state;
  }

  get size(): number {
    return this.states.size;
  }
}
