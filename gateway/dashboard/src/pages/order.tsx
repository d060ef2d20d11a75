import type { components } from '@commerce/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useClient } from '../api/client';
import { FieldError, FormError, FormProblems } from '../ui/field-errors';
import { formatDecimal, formatMoney, formatTime } from '../ui/format';
import { useNotify } from '../ui/notices';
import { Badge, Failure, Loading } from '../ui/status';
import { Refunds } from './order-refunds';

type Order = components['schemas']['Order'];
type Item = components['schemas']['OrderItem'];

/** One order (docs/dashboard.md#an-order): its lines, totals, address, fulfillments and refunds, and what can be done to it. */
export function OrderPage(): ReactNode {
  const client = useClient();
  const id = Number(useParams().id);
  const order = useQuery({
    queryKey: ['order', id],
    queryFn: async () => (await client.GET('/v1/orders/{id}', { params: { path: { id } } })).data,
    enabled: Number.isSafeInteger(id) && id > 0,
  });
  if (!Number.isSafeInteger(id) || id <= 0) return <Failure error={new Error('There is no such order.')} />;
  if (order.isPending) return <Loading what={`order #${id}`} />;
  if (order.isError) return <Failure error={order.error} retry={() => void order.refetch()} />;
  return <OrderView order={order.data} />;
}

function OrderView({ order }: { order: Order }): ReactNode {
  const money = (minor: number) => formatMoney(minor, order.currency);
  const items = order.items.map(({ item }) => item);
  return (
    <article className="order">
      <p>
        <Link to="/orders">← Orders</Link>
      </p>
      <h1>
        Order #{order.id} <Badge value={order.status} /> <Badge value={order.financial_status.replace(/_/g, ' ')} />
      </h1>
      <p>
        Placed {formatTime(order.paid_at ?? order.confirmed_at)} by {order.email}
      </p>
      <Transitions order={order} />
      <div className="columns">
        <section aria-labelledby="lines">
          <h2 id="lines">Lines</h2>
          <div className="table-scroll">
            <table className="list">
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">SKU</th>
                  <th scope="col" className="number">
                    Quantity
                  </th>
                  <th scope="col" className="number">
                    Price
                  </th>
                  <th scope="col">Shipped</th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr key={item.id}>
                    <td>
                      {item.product_name}
                      {item.variant_name && item.variant_name !== 'Default' ? ` — ${item.variant_name}` : ''}
                    </td>
                    <td>{item.sku ?? ''}</td>
                    <td className="number">{item.quantity}</td>
                    <td className="number">{money(item.price_in_cents)}</td>
                    <td>{item.fulfilled_at ? formatTime(item.fulfilled_at) : 'Not yet'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <dl className="totals">
            <dt>Subtotal</dt>
            <dd>{money(order.subtotal)}</dd>
            {order.discounts > 0 && (
              <>
                <dt>Discounts{order.discount_code ? ` (${order.discount_code})` : ''}</dt>
                <dd>−{money(order.discounts)}</dd>
              </>
            )}
            <dt>Shipping{order.shipping_class_name ? ` (${order.shipping_class_name})` : ''}</dt>
            <dd>{money(order.shipping)}</dd>
            <dt>
              Tax{order.tax_name ? ` (${order.tax_name})` : ''}
              {order.prices_include_tax ? ', included' : ''}
            </dt>
            <dd>{money(order.tax)}</dd>
            <dt>Total</dt>
            <dd className="strong">{formatDecimal(order.price, order.currency)}</dd>
            {order.refunded > 0 && (
              <>
                <dt>Refunded</dt>
                <dd>−{money(order.refunded)}</dd>
              </>
            )}
          </dl>
        </section>
        <section aria-labelledby="address">
          <h2 id="address">Ship to</h2>
          <address>
            {[
              order.address.name,
              order.address.address_1,
              order.address.address_2,
              `${order.address.city} ${order.address.state_abbrev || order.address.state} ${order.address.postal}`,
              order.address.country,
            ]
              .filter((line) => line.trim())
              .map((line, index) => (
                <span key={index}>
                  {line}
                  <br />
                </span>
              ))}
          </address>
          {order.user_note && (
            <>
              <h3>Buyer’s note</h3>
              <p>{order.user_note}</p>
            </>
          )}
        </section>
      </div>
      <Fulfillments order={order} />
      {items.some((item) => !item.fulfilled_at) && ['open', 'partially shipped'].includes(order.status.toLowerCase()) && (
        <ShipForm order={order} items={items.filter((item) => !item.fulfilled_at)} />
      )}
      <Refunds order={order} items={items} />
      <History order={order} />
    </article>
  );
}

/** Hold, open and cancel, offered by the order's status; the API still decides (a 409 is shown as it says). */
function Transitions({ order }: { order: Order }): ReactNode {
  const status = order.status.toLowerCase();
  const offered = [
    { action: 'hold', label: 'Put on hold', when: ['open', 'partially shipped'] },
    { action: 'open', label: 'Open again', when: ['on hold'] },
    { action: 'cancel', label: 'Cancel order', when: ['open', 'on hold', 'pending'] },
  ] as const;
  const client = useClient();
  const queries = useQueryClient();
  const notify = useNotify();
  const transition = useMutation({
    mutationFn: async (action: 'hold' | 'open' | 'cancel') => {
      const path = { params: { path: { id: order.id } } };
      if (action === 'hold') return (await client.PUT('/v1/orders/{id}/hold', path)).data;
      if (action === 'open') return (await client.PUT('/v1/orders/{id}/open', path)).data;
      return (await client.PUT('/v1/orders/{id}/cancel', path)).data;
    },
    onSuccess: (updated) => {
      queries.setQueryData(['order', order.id], updated);
      void queries.invalidateQueries({ queryKey: ['orders'] });
      notify(`Order #${order.id} is now ${updated.status}.`);
    },
    onError: (error) => notify(new FormProblems(error, []).general ?? 'The order did not change.', 'refused'),
  });
  const buttons = offered.filter((offer) => (offer.when as readonly string[]).includes(status));
  if (buttons.length === 0) return null;
  return (
    <div className="actions">
      {buttons.map((offer) => (
        <button
          key={offer.action}
          type="button"
          className={offer.action === 'cancel' ? 'danger' : undefined}
          disabled={transition.isPending}
          onClick={() => {
            if (offer.action === 'cancel' && !confirm(`Cancel order #${order.id}? A paid order is refunded in full.`)) return;
            transition.mutate(offer.action);
          }}
        >
          {transition.isPending && transition.variables === offer.action ? 'Working…' : offer.label}
        </button>
      ))}
    </div>
  );
}

function Fulfillments({ order }: { order: Order }): ReactNode {
  if (order.fulfillments.length === 0) return null;
  return (
    <section aria-labelledby="fulfillments">
      <h2 id="fulfillments">Fulfillments</h2>
      <ul className="cards">
        {order.fulfillments.map((fulfillment) => (
          <li key={fulfillment.id}>
            <p>
              <strong>Shipped {formatTime(fulfillment.created_at)}</strong>
              {fulfillment.tracking_number && (
                <>
                  {' '}
                  — {fulfillment.shipping_company || 'tracking'} {fulfillment.tracking_number}
                </>
              )}
              {fulfillment.notify_customer ? ' (buyer notified)' : ''}
            </p>
            <p>{fulfillment.items.map(({ item }) => `${item.quantity} × ${item.product_name}`).join(', ')}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

const SHIP_FIELDS = ['items', 'tracking_number', 'shipping_company', 'notify_customer', 'note_to_customer'];

/** Ship all unshipped lines or the chosen ones, with tracking, telling the buyer or not. */
function ShipForm({ order, items }: { order: Order; items: Item[] }): ReactNode {
  const client = useClient();
  const queries = useQueryClient();
  const notify = useNotify();
  const [chosen, setChosen] = useState<Set<number>>(() => new Set(items.map((item) => item.id)));
  const ship = useMutation({
    mutationFn: async (form: FormData) =>
      (
        await client.PUT('/v1/orders/{id}/ship', {
          params: { path: { id: order.id } },
          body: {
            items: [...chosen],
            tracking_number: String(form.get('tracking_number') ?? ''),
            shipping_company: String(form.get('shipping_company') ?? ''),
            notify_customer: form.get('notify_customer') === 'on',
            note_to_customer: String(form.get('note_to_customer') ?? ''),
          },
        })
      ).data,
    onSuccess: (updated) => {
      queries.setQueryData(['order', order.id], updated);
      void queries.invalidateQueries({ queryKey: ['orders'] });
      notify(`Shipped ${chosen.size} line${chosen.size === 1 ? '' : 's'} of order #${order.id}.`);
    },
  });
  const problems = ship.isError ? new FormProblems(ship.error, SHIP_FIELDS) : FormProblems.none;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    ship.mutate(new FormData(event.currentTarget));
  };
  return (
    <section aria-labelledby="ship">
      <h2 id="ship">Ship</h2>
      <form onSubmit={submit} className="form">
        <FormError problems={problems} />
        <fieldset aria-describedby="items-error">
          <legend>Lines to ship</legend>
          {items.map((item) => (
            <label key={item.id} className="check">
              <input
                type="checkbox"
                checked={chosen.has(item.id)}
                onChange={(event) =>
                  setChosen((was) => {
                    const next = new Set(was);
                    if (event.target.checked) next.add(item.id);
                    else next.delete(item.id);
                    return next;
                  })
                }
              />
              {item.quantity} × {item.product_name}
              {item.variant_name && item.variant_name !== 'Default' ? ` — ${item.variant_name}` : ''}
            </label>
          ))}
          <FieldError problems={problems} field="items" />
        </fieldset>
        <label>
          Tracking number
          <input name="tracking_number" autoComplete="off" aria-describedby="tracking_number-error" />
          <FieldError problems={problems} field="tracking_number" />
        </label>
        <label>
          Shipping company
          <input name="shipping_company" autoComplete="off" aria-describedby="shipping_company-error" />
          <FieldError problems={problems} field="shipping_company" />
        </label>
        <label>
          Note to the buyer
          <textarea name="note_to_customer" rows={2} aria-describedby="note_to_customer-error" />
          <FieldError problems={problems} field="note_to_customer" />
        </label>
        <label className="check">
          <input type="checkbox" name="notify_customer" defaultChecked /> E-mail the buyer the shipping confirmation
        </label>
        <button type="submit" disabled={ship.isPending || chosen.size === 0}>
          {ship.isPending ? 'Shipping…' : `Ship ${chosen.size} line${chosen.size === 1 ? '' : 's'}`}
        </button>
      </form>
    </section>
  );
}

/** Each of an order's events in words (the topics of docs/events.md); one not listed here is shown by its topic. */
const HAPPENINGS: Readonly<Record<string, string>> = {
  'order/created': 'Order placed',
  'order/paid': 'Payment received',
  'order/updated': 'Order updated',
  'order/shipped': 'Shipped',
  'order/on_hold': 'Put on hold',
  'order/opened': 'Opened again',
  'order/canceled': 'Canceled',
  'fulfillment/updated': 'Fulfillment updated',
  'refund/created': 'Refund made',
};

/** The order's history: its events and its fulfillments' and refunds' (GET /v1/events?order_id=), oldest first. */
function History({ order }: { order: Order }): ReactNode {
  const client = useClient();
  const history = useQuery({
    // The order's own record changes with each event: refetch the history with it.
    queryKey: ['order-history', order.id, order.updated_at, order.refunds.length],
    queryFn: async () => (await client.GET('/v1/events', { params: { query: { order_id: order.id, limit: 250 } } })).data.events,
  });
  return (
    <section aria-labelledby="history">
      <h2 id="history">History</h2>
      {history.isPending ? (
        <Loading what="history" />
      ) : history.isError ? (
        <Failure error={history.error} retry={() => void history.refetch()} />
      ) : history.data.length === 0 ? (
        <p>Nothing recorded yet.</p>
      ) : (
        <ol className="history">
          {history.data.map((event) => (
            <li key={event.id}>
              <time dateTime={event.occurred_at}>{formatTime(event.occurred_at)}</time>
              {HAPPENINGS[event.topic] ?? event.topic}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
