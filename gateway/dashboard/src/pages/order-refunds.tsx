// An order's refunds and the refund form, with what a refund comes to calculated by the API as the owner chooses
// (docs/dashboard.md#an-order, docs/money.md#calculating-a-refund).
import type { components, operations } from '@commerce/sdk';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useClient } from '../api/client';
import { minorUnitsOf, refusal } from '../ui/amounts';
import { FieldError, FormError, FormProblems } from '../ui/field-errors';
import { formatDecimal, formatTime } from '../ui/format';
import { useNotify } from '../ui/notices';
import { useSettled } from '../ui/use-settled';

type Order = components['schemas']['Order'];
type Item = components['schemas']['OrderItem'];

const REFUND_FIELDS = ['items', 'shipping', 'restock', 'note', 'amount_in_cents'];
/** How long a typed amount stays unchanged before its refund is calculated: one request a pause, not one a keystroke. */
const AMOUNT_SETTLE_MS = 400;

/** What the refund form asks: an amount typed, or units of the lines with the shipping, restocked or not. */
interface RefundForm {
  amountText: string;
  quantities: Record<number, number>;
  shipping: boolean;
  restock: boolean;
}

type RefundBody = NonNullable<operations['postOrdersIdRefundsCalculate']['requestBody']>['content']['application/json'];

/**
 * The body the calculation and the refund both send for the form (docs/money.md#calculating-a-refund), or the form's
 * own refusal of a typed amount that is no amount; null while nothing is asked.
 */
function refundBodyOf(form: RefundForm, currency: string): { body: RefundBody } | { refused: Error } | null {
  if (form.amountText.trim() !== '') {
    const minor = minorUnitsOf(form.amountText, currency);
    return typeof minor === 'number' ? { body: { amount_in_cents: minor } } : { refused: refusal('amount_in_cents', minor.problem) };
  }
  const items = Object.entries(form.quantities)
    .filter(([, quantity]) => quantity > 0)
    .map(([itemId, quantity]) => ({ item_id: Number(itemId), quantity }));
  if (items.length === 0 && !form.shipping) return null;
  return { body: { items, shipping: form.shipping, restock: form.restock } };
}

/**
 * The order's refunds, and a refund of chosen units (with shipping, restocking) or of an amount while anything is left
 * to refund, with what it comes to calculated by the API as the owner chooses.
 */
export function Refunds({ order, items }: { order: Order; items: Item[] }): ReactNode {
  const client = useClient();
  const queries = useQueryClient();
  const notify = useNotify();
  const [form, setForm] = useState<RefundForm>({ amountText: '', quantities: {}, shipping: false, restock: true });
  const settledAmountText = useSettled(form.amountText, AMOUNT_SETTLE_MS);
  const byAmount = form.amountText.trim() !== '';
  const refund = useMutation({
    mutationFn: async (note: string) => {
      const asked = refundBodyOf(form, order.currency);
      if (asked && 'refused' in asked) throw asked.refused;
      return (await client.POST('/v1/orders/{id}/refunds', { params: { path: { id: order.id } }, body: { ...asked?.body, note } })).data;
    },
    onSuccess: (made) => {
      setForm({ amountText: '', quantities: {}, shipping: false, restock: true });
      void queries.invalidateQueries({ queryKey: ['order', order.id] });
      void queries.invalidateQueries({ queryKey: ['orders'] });
      notify(`Refunded ${formatDecimal(made.amount, order.currency)} on order #${order.id}.`);
    },
  });
  const change = (next: Partial<RefundForm>) => {
    if (refund.isError) refund.reset(); // its refusal was of what the form asked before
    setForm((was) => ({ ...was, ...next }));
  };

  // The typed amount is calculated once it settles; units and checkboxes at once.
  const amountSettling = byAmount && settledAmountText.trim() === '';
  const previewed = amountSettling ? null : refundBodyOf({ ...form, amountText: byAmount ? settledAmountText : '' }, order.currency);
  const previewBody = previewed && 'body' in previewed ? previewed.body : null;
  const calculation = useQuery({
    // The order's refunds change what is left: a refund made elsewhere meanwhile is counted.
    queryKey: ['refund-calculation', order.id, order.refunded, order.refunds.length, previewBody],
    queryFn: async () =>
      (await client.POST('/v1/orders/{id}/refunds/calculate', { params: { path: { id: order.id } }, body: previewBody ?? {} })).data,
    enabled: previewBody !== null,
    placeholderData: keepPreviousData,
  });
  const shown = previewBody !== null && calculation.isSuccess ? calculation.data : undefined;
  const updating = calculation.isPlaceholderData || (byAmount && settledAmountText !== form.amountText);
  const refusedPreview =
    previewed && 'refused' in previewed ? previewed.refused : previewBody && calculation.isError ? calculation.error : null;
  const problems = refund.isError
    ? new FormProblems(refund.error, REFUND_FIELDS)
    : refusedPreview
      ? new FormProblems(refusedPreview, REFUND_FIELDS)
      : FormProblems.none;
  const refundable = order.financial_status === 'paid' || order.financial_status === 'partially_refunded';
  const money = (amount: string) => formatDecimal(amount, order.currency);
  return (
    <section aria-labelledby="refunds">
      <h2 id="refunds">Refunds</h2>
      {order.refunds.length === 0 ? (
        <p>No refunds.</p>
      ) : (
        <ul className="cards">
          {order.refunds.map((made) => (
            <li key={made.id}>
              <strong>{money(made.amount)}</strong> {made.status} — {formatTime(made.created_at)}
              {made.note ? ` — ${made.note}` : ''}
            </li>
          ))}
        </ul>
      )}
      {refundable && (
        <form
          className="form"
          onSubmit={(event) => {
            event.preventDefault();
            refund.mutate(String(new FormData(event.currentTarget).get('note') ?? ''));
          }}
        >
          <h3>Refund</h3>
          <FormError problems={problems} />
          <fieldset aria-describedby="refund-items-error" disabled={byAmount}>
            <legend>Units to refund</legend>
            {items.map((item) => {
              const part = shown?.items.find((line) => line.item_id === item.id);
              return (
                <label key={item.id} className="quantity">
                  <input
                    type="number"
                    min={0}
                    max={item.quantity}
                    value={form.quantities[item.id] ?? 0}
                    onChange={(event) =>
                      change({ quantities: { ...form.quantities, [item.id]: Math.max(0, Number(event.target.value) || 0) } })
                    }
                  />{' '}
                  of {item.quantity} × {item.product_name}
                  {part ? ` — ${money(part.amount)}` : ''}
                </label>
              );
            })}
            <FieldError problems={problems} field="items" id="refund-items-error" />
          </fieldset>
          <label className="check">
            <input
              type="checkbox"
              checked={form.shipping}
              disabled={byAmount}
              onChange={(event) => change({ shipping: event.target.checked })}
              aria-describedby="refund-shipping-error"
            />{' '}
            Refund the shipping too{shown && shown.shipping_amount_in_cents > 0 ? ` — ${money(shown.shipping_amount)}` : ''}
          </label>
          <FieldError problems={problems} field="shipping" id="refund-shipping-error" />
          <label className="check">
            <input
              type="checkbox"
              checked={form.restock}
              disabled={byAmount}
              onChange={(event) => change({ restock: event.target.checked })}
              aria-describedby="restock-error"
            />{' '}
            Put the units back in stock
          </label>
          <FieldError problems={problems} field="restock" />
          <label>
            Or an amount instead ({order.currency})
            <input
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              value={form.amountText}
              onChange={(event) => change({ amountText: event.target.value })}
              aria-describedby="amount_in_cents-error"
            />
            <FieldError problems={problems} field="amount_in_cents" />
          </label>
          <label>
            Note
            <input name="note" aria-describedby="refund-note-error" />
            <FieldError problems={problems} field="note" id="refund-note-error" />
          </label>
          <output className="refund-preview" aria-live="polite">
            {shown && (
              <>
                Refund of <strong>{money(shown.amount)}</strong>, leaving {money(shown.left_to_refund)} to refund
                {updating ? ' (updating…)' : '.'}
              </>
            )}
            {!shown && previewBody !== null && calculation.isPending && 'Calculating…'}
          </output>
          <button type="submit" className="danger" disabled={refund.isPending}>
            {refund.isPending ? 'Refunding…' : 'Refund'}
          </button>
        </form>
      )}
    </section>
  );
}
