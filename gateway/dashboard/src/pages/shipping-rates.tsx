import type { components } from '@commerce/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent, ReactNode } from 'react';
import { useClient, useStore } from '../api/client';
import { decimalOf, requireMinorUnits } from '../ui/amounts';
import { FieldError, FormError, FormProblems } from '../ui/field-errors';
import { useNotify } from '../ui/notices';

type ShippingClass = components['schemas']['ShippingClass'];
type ShippingGroup = components['schemas']['ShippingGroup'];

const RATE_FIELDS = ['first_item_in_cents', 'additional_item_in_cents'];

/** Groups down, classes across: each cell the pair's rate, set or removed on its own (docs/shipping.md#shipping-rates). */
export function RateGrid({ classes, groups }: { classes: ShippingClass[]; groups: ShippingGroup[] }): ReactNode {
  if (classes.length === 0 || groups.length === 0) return <p>Add a shipping class and a shipping group to set the rates between them.</p>;
  return (
    <div className="table-scroll">
      <table className="list rate-grid">
        <caption className="visually-hidden">Shipping rates: first item and each additional item, by group and class</caption>
        <thead>
          <tr>
            <th scope="col">Group</th>
            {classes.map((shippingClass) => (
              <th key={shippingClass.id} scope="col">
                {shippingClass.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {groups.map((group) => (
            <tr key={group.id}>
              <th scope="row">{group.name}</th>
              {classes.map((shippingClass) => (
                <td key={shippingClass.id}>
                  <RateCell group={group} shippingClass={shippingClass} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RateCell({ group, shippingClass }: { group: ShippingGroup; shippingClass: ShippingClass }): ReactNode {
  const client = useClient();
  const queries = useQueryClient();
  const notify = useNotify();
  const currency = useStore().data?.currency ?? 'USD';
  const rate = group.shipping_rates.find(({ shipping_rate }) => shipping_rate.shipping_class_id === shippingClass.id)?.shipping_rate;
  const pair = { shipping_group_id: group.id, shipping_class_id: shippingClass.id };
  const saved = () => {
    void queries.invalidateQueries({ queryKey: ['shipping-groups'] });
    void queries.invalidateQueries({ queryKey: ['shipping-classes'] });
  };
  const save = useMutation({
    mutationFn: async (form: FormData) => {
      const body = {
        ...pair,
        first_item_in_cents: requireMinorUnits('first_item_in_cents', String(form.get('first') ?? ''), currency),
        additional_item_in_cents: requireMinorUnits('additional_item_in_cents', String(form.get('additional') ?? ''), currency),
      };
      return (await client.PUT('/v1/shipping_rate', { body })).data;
    },
    onSuccess: () => {
      saved();
      notify(`Saved the rate of “${group.name}” with “${shippingClass.name}”.`);
    },
  });
  const remove = useMutation({
    mutationFn: async () => (await client.DELETE('/v1/shipping_rate', { params: { query: pair } })).data,
    onSuccess: () => {
      saved();
      notify(`Removed the rate of “${group.name}” with “${shippingClass.name}”.`);
    },
  });
  const failed = save.error ?? remove.error;
  const problems = failed ? new FormProblems(failed, RATE_FIELDS) : FormProblems.none;
  const prefix = `rate-${group.id}-${shippingClass.id}`;
  const where = `${group.name} with ${shippingClass.name}`;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    remove.reset();
    save.mutate(new FormData(event.currentTarget));
  };
  return (
    <form className="rate-cell" aria-label={`Rate of ${where}`} onSubmit={submit}>
      <FormError problems={problems} />
      <label>
        First item
        <input
          name="first"
          inputMode="decimal"
          required
          // A new answer from the API (after a save elsewhere) redraws the value.
          key={`first-${rate?.first_item_in_cents}`}
          defaultValue={rate ? decimalOf(rate.first_item_in_cents, currency) : ''}
          aria-label={`First item, ${where}`}
          aria-describedby={`${prefix}-first-error`}
        />
        <FieldError problems={problems} field="first_item_in_cents" id={`${prefix}-first-error`} />
      </label>
      <label>
        Each additional
        <input
          name="additional"
          inputMode="decimal"
          required
          key={`additional-${rate?.additional_item_in_cents}`}
          defaultValue={rate ? decimalOf(rate.additional_item_in_cents, currency) : ''}
          aria-label={`Each additional item, ${where}`}
          aria-describedby={`${prefix}-additional-error`}
        />
        <FieldError problems={problems} field="additional_item_in_cents" id={`${prefix}-additional-error`} />
      </label>
      <span className="row-buttons">
        <button type="submit" disabled={save.isPending} aria-label={`Save the rate of ${where}`}>
          {save.isPending ? 'Saving…' : 'Save'}
        </button>
        {rate && (
          <button
            type="button"
            className="quiet"
            disabled={remove.isPending}
            aria-label={`Remove the rate of ${where}`}
            onClick={() => {
              save.reset();
              if (confirm(`Remove the rate of ${where}? Products of the group can no longer ship with the class.`)) remove.mutate();
            }}
          >
            {remove.isPending ? 'Removing…' : 'Remove'}
          </button>
        )}
      </span>
      {!rate && <span className="hint">No rate: this group’s products cannot ship with this class.</span>}
    </form>
  );
}
