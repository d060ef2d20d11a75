import { notFound } from '@commerce/grpc-runtime';
import type { MessageStatus } from '../domain/message';
import { pageLimit } from '../domain/paging';
import type { MessageDocument, MessageQuery, MessageSummary } from '../infra/message.repository';
import type { NotificationsDeps } from './notifications-deps';

type ReadDeps = Pick<NotificationsDeps, 'messages' | 'storefront' | 'mailer'>;

/** A page of the store's messages, newest first, with the store's time zone for their times. */
export async function listMessages(
  deps: ReadDeps,
  query: MessageQuery,
  limit: number | undefined,
): Promise<{ messages: MessageSummary[]; hasMore: boolean; limit: number; timeZone: string }> {
  const size = pageLimit(limit);
  // One more than the page: whether older messages follow.
  const [found, timeZone] = await Promise.all([deps.messages.list(query, size + 1), storeTimeZone(deps, query.storeId)]);
  return { messages: found.slice(0, size), hasMore: found.length > size, limit: size, timeZone };
}

/** One message with its content; another store's is NOT_FOUND. Store 0 is the operator's view (storectl mail show). */
export async function getMessage(deps: ReadDeps, storeId: number, id: number): Promise<{ message: MessageDocument; timeZone: string }> {
  const message = await deps.messages.find(storeId, id);
  if (!message) throw notFound('notification');
  return { message, timeZone: await storeTimeZone(deps, message.store_id) };
}

export type ReceiptState = 'sending' | 'sent' | 'failed' | 'kept';

/**
 * What became of the order's confirmation, for the buyer's page. Before its message is made (the event is on its way)
 * the state is what will happen: sending when mail goes out, kept when no SMTP server is set.
 */
export async function getReceipt(deps: ReadDeps, storeId: number, orderId: number): Promise<{ state: ReceiptState; to: string }> {
  const message = await deps.messages.ofOrder(storeId, orderId, 'order_confirmation');
  if (!message) return { state: deps.mailer.sends ? 'sending' : 'kept', to: '' };
  return { state: RECEIPT_STATES[message.status], to: message.to };
}

const RECEIPT_STATES: Record<MessageStatus, ReceiptState> = { pending: 'sending', sent: 'sent', failed: 'failed', kept: 'kept' };

/** The time zone the store's times are rendered in (UTC for a store the storefront no longer knows). */
export async function storeTimeZone(deps: Pick<ReadDeps, 'storefront'>, storeId: number): Promise<string> {
  return (await deps.storefront.storeProfile(storeId))?.time_zone ?? 'UTC';
}
