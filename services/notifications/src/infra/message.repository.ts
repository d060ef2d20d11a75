import { claimJob, dueFilter, settleJob, type LeasedJob } from '@commerce/delivery';
import { DuplicateKeyError, type Collection } from '@commerce/persistence';
import type { TraceCarrier } from '@commerce/tracing';
import type { EmailKind } from '../domain/email-kinds';
import type { MessageStatus, SendAttempt } from '../domain/message';

/** A message as kept (docs/notifications.md#the-message-log): its content as rendered once, its delivery as a leased job. */
export interface MessageDocument extends LeasedJob {
  id: number;
  store_id: number;
  event_id: string;
  kind: EmailKind;
  order_id: number;
  message_id: string;
  to: string;
  from_name: string;
  reply_to: string;
  subject: string;
  html: string;
  text: string;
  status: MessageStatus;
  attempt_count: number;
  attempts: SendAttempt[];
  first_attempt_at: Date | null;
  last_error: string | null;
  sent_at: Date | null;
  /** When its event occurred (the Date header). */
  occurred_at: Date;
  trace?: TraceCarrier;
  created_at: Date;
  updated_at: Date;
}

/** The fields of a list: everything but the content. */
const LIST_FIELDS = [
  'id',
  'store_id',
  'event_id',
  'kind',
  'order_id',
  'message_id',
  'to',
  'from_name',
  'reply_to',
  'subject',
  'status',
  'attempt_count',
  'attempts',
  'first_attempt_at',
  'last_error',
  'sent_at',
  'next_attempt_at',
  'lease_until',
  'lease_owner',
  'occurred_at',
  'created_at',
  'updated_at',
] as const;

export type MessageSummary = Pick<MessageDocument, (typeof LIST_FIELDS)[number]>;

export interface MessageQuery {
  storeId: number;
  olderThanId?: number;
  orderId?: number;
  status?: MessageStatus;
}

export class MessageRepository {
  static readonly collection = 'messages';

  constructor(private readonly messages: Collection<MessageDocument>) {}

  /** Stores the message; false when its event made it already (a redelivered event). */
  async insert(message: MessageDocument): Promise<boolean> {
    try {
      await this.messages.insertOne(message);
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }

  /** Pending messages due at `now` that nobody holds, soonest first. */
  due(now: Date, limit: number): Promise<Array<Pick<MessageDocument, 'id'>>> {
    return this.messages.findFields(dueFilter(now), ['id'], { sort: { next_attempt_at: 1, id: 1 }, limit });
  }

  claim(id: number, owner: string, now: Date, until: Date): Promise<MessageDocument | null> {
    return claimJob(this.messages, id, owner, now, until);
  }

  /** Stores an attempt and the message's new state while `owner` holds it; false when its lease was lost. */
  settle(id: number, owner: string, set: Partial<MessageDocument>, attempt: SendAttempt): Promise<boolean> {
    return settleJob(this.messages, id, owner, { set, inc: { attempt_count: 1 }, push: { attempts: attempt } });
  }

  /** The store's messages, newest first, below `olderThanId` and of the order and status when given. */
  list(query: MessageQuery, limit: number): Promise<MessageSummary[]> {
    const filter: Record<string, unknown> = { store_id: query.storeId };
    if (query.olderThanId) filter.id = { $lt: query.olderThanId };
    if (query.orderId) filter.order_id = query.orderId;
    if (query.status) filter.status = query.status;
    return this.messages.findFields(filter, LIST_FIELDS, { sort: { id: -1 }, limit });
  }

  /** The message with its content; of any store when `storeId` is 0. */
  find(storeId: number, id: number): Promise<MessageDocument | null> {
    return this.messages.findOne(storeId === 0 ? { id } : { store_id: storeId, id });
  }

  /** The order's message of a kind (its newest). */
  async ofOrder(storeId: number, orderId: number, kind: EmailKind): Promise<MessageSummary | null> {
    const [found] = await this.messages.findFields({ store_id: storeId, order_id: orderId, kind }, LIST_FIELDS, {
      sort: { id: -1 },
      limit: 1,
    });
    return found ?? null;
  }
}
