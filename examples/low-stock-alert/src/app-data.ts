import fs from 'node:fs/promises';
import type { OAuthTokens, WebhookEvent } from '@commerce/sdk';

/** A store that installed the app: its OAuth tokens and the webhook the app made in it. */
export interface InstalledStore {
  storeId: number;
  name: string;
  tokens: OAuthTokens;
  /** The webhook's signing secret is answered once, at creation: it lives here and nowhere else. */
  webhook: { id: number; secret: string };
  installedAt: string;
}

/** A product that went low on stock, as the status page lists it. */
export interface Alert {
  storeId: number;
  productId: number;
  productName: string;
  /** The variants at or below the threshold when the alert was raised, with what they had left. */
  variants: { id: number; name: string; inStock: number }[];
  raisedAt: string;
}

/** A verified delivery waiting to be handled: kept on disk, so an event answered 2xx is never lost to a crash. */
export interface InboxEntry {
  webhookId: string;
  storeId: number;
  event: WebhookEvent;
  attempts: number;
}

interface Contents {
  stores: Record<string, InstalledStore>;
  alerts: Alert[];
  inbox: InboxEntry[];
  /** The `webhook-id`s handled lately, per store: a delivery is retried with the same id (docs/webhooks.md#the-request). */
  handled: Record<string, string[]>;
}

const ALERTS_KEPT = 100;
const HANDLED_IDS_KEPT = 1000;

/**
 * Everything the app keeps, in one JSON file, rewritten whole on each change (a temporary file renamed over it, so a
 * crash leaves the old or the new contents, never half of one). Enough for an example; a real app keeps these in its
 * database, and its tokens and secrets encrypted.
 */
export class AppData {
  private writing: Promise<void> = Promise.resolve();

  private constructor(
    private readonly file: string,
    private readonly contents: Contents,
  ) {}

  static async open(file: string): Promise<AppData> {
    const empty: Contents = { stores: {}, alerts: [], inbox: [], handled: {} };
    try {
      return new AppData(file, { ...empty, ...(JSON.parse(await fs.readFile(file, 'utf8')) as Partial<Contents>) });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      return new AppData(file, empty);
    }
  }

  stores(): InstalledStore[] {
    return Object.values(this.contents.stores);
  }

  store(storeId: number): InstalledStore | undefined {
    return this.contents.stores[storeId];
  }

  async saveStore(store: InstalledStore): Promise<void> {
    this.contents.stores[store.storeId] = store;
    await this.save();
  }

  async saveTokens(storeId: number, tokens: OAuthTokens): Promise<void> {
    const store = this.contents.stores[storeId];
    if (!store) return;
    store.tokens = tokens;
    await this.save();
  }

  /** Forgets a store that uninstalled the app: its tokens, its webhook secret, what was waiting for it. */
  async forgetStore(storeId: number): Promise<void> {
    delete this.contents.stores[storeId];
    delete this.contents.handled[storeId];
    this.contents.inbox = this.contents.inbox.filter((entry) => entry.storeId !== storeId);
    await this.save();
  }

  /** Newest first. */
  alerts(): Alert[] {
    return [...this.contents.alerts].reverse();
  }

  async addAlert(alert: Alert): Promise<void> {
    this.contents.alerts = [...this.contents.alerts, alert].slice(-ALERTS_KEPT);
    await this.save();
  }

  /** Queues a delivery unless one with the same `webhook-id` is queued or was handled: answers whether it was new. */
  async enqueue(entry: Omit<InboxEntry, 'attempts'>): Promise<boolean> {
    const seen =
      this.contents.inbox.some((queued) => queued.storeId === entry.storeId && queued.webhookId === entry.webhookId) ||
      (this.contents.handled[entry.storeId] ?? []).includes(entry.webhookId);
    if (seen) return false;
    this.contents.inbox.push({ ...entry, attempts: 0 });
    await this.save();
    return true;
  }

  nextInInbox(): InboxEntry | undefined {
    return this.contents.inbox[0];
  }

  /** The entry is done (handled, or given up on): out of the inbox, its id remembered. */
  async markHandled(entry: InboxEntry): Promise<void> {
    this.contents.inbox = this.contents.inbox.filter((queued) => queued !== entry);
    if (this.contents.stores[entry.storeId]) {
      const handled = [...(this.contents.handled[entry.storeId] ?? []), entry.webhookId];
      this.contents.handled[entry.storeId] = handled.slice(-HANDLED_IDS_KEPT);
    }
    await this.save();
  }

  async countAttempt(entry: InboxEntry): Promise<void> {
    entry.attempts += 1;
    await this.save();
  }

  /** Writes one after another, each the whole file as it is when its turn comes. */
  private save(): Promise<void> {
    const write = async () => {
      const temporary = `${this.file}.${process.pid}.tmp`;
      await fs.writeFile(temporary, JSON.stringify(this.contents, null, 2), { mode: 0o600 });
      await fs.rename(temporary, this.file);
    };
    this.writing = this.writing.then(write, write);
    return this.writing;
  }
}
