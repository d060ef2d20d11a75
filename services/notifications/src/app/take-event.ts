import type { DomainEvent } from '@commerce/events';
import { currentTraceCarrier } from '@commerce/tracing';
import { NO_LEASE } from '@commerce/delivery';
import { EMAIL_KIND_INFO, type EmailKind } from '../domain/email-kinds';
import { isSingleAddress, messageIdOf, senderName } from '../domain/message';
import { isMailTopic, planOf, type MailPlan } from '../domain/order-mail';
import type { MessageDocument } from '../infra/message.repository';
import { markupOf } from './email-templates';
import type { EmailContent, EmailVariables, NotificationsDeps, StoreProfile } from './notifications-deps';

type IntakeDeps = Pick<
  NotificationsDeps,
  'messages' | 'templates' | 'storefront' | 'orders' | 'renderer' | 'defaults' | 'mailer' | 'mailFrom' | 'nextId' | 'clock' | 'logger'
>;

/**
 * The intake (docs/notifications.md#what-is-sent): makes the messages an order event asks for, each rendered now with
 * the store's template and kept, and answers how many are new. The event is acknowledged only after this resolves, so a
 * crash before the writes gets it again, and a redelivered event finds its messages (one per event and kind) and
 * adds nothing. A store or order that cannot be read now (a service down) throws: the event comes again later.
 */
export async function takeEvent(deps: IntakeDeps, event: DomainEvent): Promise<number> {
  if (!isMailTopic(event.topic)) return 0;
  const plan = planOf(event.topic, event.resource as Record<string, unknown>);
  if (!plan) return 0;
  const order = plan.order ?? (await deps.orders.orderJson(event.store_id, plan.orderId));
  const store = await deps.storefront.storeProfile(event.store_id);
  // A store or order deleted since (or never known): nobody to write to.
  if (!order || !store) return 0;
  const variables: EmailVariables = { store: storeVariables(store), order, fulfillment: plan.fulfillment, refund: plan.refund };
  let made = 0;
  for (const kind of plan.kinds) {
    const to = recipientOf(kind, order, store);
    if (!to) continue;
    const content = await render(deps, event.store_id, kind, variables);
    if (await deps.messages.insert(await messageOf(deps, event, plan, { kind, to, store, content }))) made++;
  }
  return made;
}

/** Only the order's buyer and the store's own address are ever recipients; an address that is not one address is none. */
function recipientOf(kind: EmailKind, order: Record<string, unknown>, store: StoreProfile): string | null {
  const address = EMAIL_KIND_INFO[kind].recipient === 'buyer' ? String(order.email ?? '') : store.email;
  return isSingleAddress(address) ? address : null;
}

const storeVariables = (store: StoreProfile): EmailVariables['store'] => ({
  id: store.id,
  name: store.name,
  email: store.email,
  url: store.url,
  currency: store.currency,
});

/**
 * The store's template, rendered; one that fails now (it hit a limit with this order) gives way to the platform's
 * default, so the buyer still hears about the order, and the failure is logged for the owner's preview to show.
 */
async function render(deps: IntakeDeps, storeId: number, kind: EmailKind, variables: EmailVariables): Promise<EmailContent> {
  const markup = await markupOf(deps, storeId, kind);
  try {
    return deps.renderer.render(markup, variables);
  } catch (error) {
    deps.logger.warn({ err: error, store_id: storeId, kind }, "a store's e-mail template failed to render; its default was sent");
    return deps.renderer.render(deps.defaults[kind], variables);
  }
}

async function messageOf(
  deps: IntakeDeps,
  event: DomainEvent,
  plan: MailPlan,
  { kind, to, store, content }: { kind: EmailKind; to: string; store: StoreProfile; content: EmailContent },
): Promise<MessageDocument> {
  const now = deps.clock();
  return {
    id: await deps.nextId('messages'),
    store_id: event.store_id,
    event_id: event.id,
    kind,
    order_id: plan.orderId,
    message_id: messageIdOf(event.id, kind, deps.mailFrom),
    to,
    from_name: senderName(store.name),
    // The alert goes to the store itself: a reply goes to the buyer.
    reply_to: kind === 'new_order_alert' ? String(plan.order?.email ?? '') : store.email,
    ...content,
    // Without an SMTP server nothing leaves the machine: the message is kept for `storectl mail` to show.
    status: deps.mailer.sends ? 'pending' : 'kept',
    attempt_count: 0,
    attempts: [],
    first_attempt_at: null,
    next_attempt_at: now,
    lease_until: NO_LEASE,
    lease_owner: '',
    last_error: null,
    sent_at: null,
    occurred_at: new Date(event.occurred_at),
    trace: currentTraceCarrier(),
    created_at: now,
    updated_at: now,
  };
}
