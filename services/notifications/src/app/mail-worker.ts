import { randomUUID } from 'node:crypto';
import { PassLoop } from '@commerce/delivery';
import type { MessageDocument } from '../infra/message.repository';
import type { NotificationsDeps } from './notifications-deps';
import { sendMessage, type SendDeps } from './send-message';

/** Messages claimed per place: a pass claims ahead, so an attempt that ends starts the next without waiting for a pass. */
const CLAIMED_PER_PLACE = 4;

/**
 * Sends the due messages (docs/notifications.md#delivery), at most `concurrency` at once. A pass claims due messages
 * (a conditional update each: no two replicas send one at once), a few per place, and keeps them in a short local
 * queue; an attempt's end starts the next queued message at once, and a pass once the queue runs low. A queued
 * message whose lease has run a third of its time is let go unsent (it is due again when the lease ends), so a send
 * always starts with most of its lease ahead.
 */
export class MailWorker extends PassLoop {
  readonly owner = `mailer-${randomUUID()}`;
  private readonly queued: Array<{ message: MessageDocument; claimedAt: number }> = [];
  private sending = 0;

  constructor(
    private readonly deps: SendDeps & Pick<NotificationsDeps, 'leaseMs'>,
    private readonly concurrency: number,
  ) {
    super((error) => deps.logger.warn({ err: error }, 'mail pass failed; the next one retries'));
  }

  protected async runPass(): Promise<number> {
    if (!this.deps.mailer.sends) return 0;
    const room = this.concurrency * CLAIMED_PER_PLACE - this.queued.length - this.sending;
    if (room > 0 && !this.stopped) {
      const now = this.deps.clock();
      const due = (await this.deps.messages.due(now, room + this.inFlight.size)).filter(({ id }) => !this.inFlight.has(id));
      const leaseUntil = new Date(now.getTime() + this.deps.leaseMs);
      const claimed = await Promise.all(due.slice(0, room).map(({ id }) => this.deps.messages.claim(id, this.owner, now, leaseUntil)));
      for (const message of claimed) if (message) this.queued.push({ message, claimedAt: now.getTime() });
    }
    return this.startQueued();
  }

  /** Starts queued messages in the free places; answers how many started. */
  private startQueued(): number {
    let started = 0;
    while (this.sending < this.concurrency && this.queued.length > 0 && !this.stopped) {
      const { message, claimedAt } = this.queued.shift()!;
      if (this.deps.clock().getTime() - claimedAt > this.deps.leaseMs / 3) continue;
      this.sending++;
      const send = sendMessage(this.deps, message, this.owner).catch((error: unknown) =>
        this.deps.logger.warn({ err: error, message_id: message.id }, 'mail attempt failed unexpectedly; retried when its lease runs out'),
      );
      this.track(message.id, send, () => {
        this.sending--;
        this.startQueued();
        if (this.queued.length < this.concurrency) this.kick();
      });
      started++;
    }
    return started;
  }
}
