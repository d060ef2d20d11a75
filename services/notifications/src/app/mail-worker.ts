import { randomUUID } from 'node:crypto';
import { PassLoop } from '@commerce/delivery';
import type { NotificationsDeps } from './notifications-deps';
import { sendMessage, type SendDeps } from './send-message';

/**
 * Sends the due messages (docs/notifications.md#delivery), at most `concurrency` at once: a pass claims due messages
 * for the places free (a conditional update: no two replicas send one at once) and starts their attempts; an
 * attempt's end starts another pass.
 */
export class MailWorker extends PassLoop {
  readonly owner = `mailer-${randomUUID()}`;

  constructor(
    private readonly deps: SendDeps & Pick<NotificationsDeps, 'leaseMs'>,
    private readonly concurrency: number,
  ) {
    super((error) => deps.logger.warn({ err: error }, 'mail pass failed; the next one retries'));
  }

  protected async runPass(): Promise<number> {
    if (!this.deps.mailer.sends) return 0;
    let started = 0;
    while (!this.stopped) {
      const free = this.concurrency - this.inFlight.size;
      if (free <= 0) break;
      const now = this.deps.clock();
      const due = (await this.deps.messages.due(now, free * 2)).filter(({ id }) => !this.inFlight.has(id));
      if (due.length === 0) break;
      const leaseUntil = new Date(now.getTime() + this.deps.leaseMs);
      const claimed = await Promise.all(due.slice(0, free).map(({ id }) => this.deps.messages.claim(id, this.owner, now, leaseUntil)));
      for (const message of claimed) {
        if (!message) continue;
        const send = sendMessage(this.deps, message, this.owner).catch((error: unknown) =>
          this.deps.logger.warn(
            { err: error, message_id: message.id },
            'mail attempt failed unexpectedly; retried when its lease runs out',
          ),
        );
        this.track(message.id, send, () => this.kick());
        started++;
      }
      if (due.length < free * 2) break;
    }
    return started;
  }
}
