import type { components } from '@commerce/sdk';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useClient, useStore } from '../api/client';
import { decimalOf, requireMinorUnits } from '../ui/amounts';
import { RecordRow } from '../ui/record-row';

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
  const currency = useStore().data?.currency ?? 'USD';
  const rate = group.shipping_rates.find(({ shipping_rate }) => shipping_rate.shipping_class_id === shippingClass.id)?.shipping_rate;
  const pair = { shipping_group_id: group.id, shipping_class_id: shippingClass.id };
  const where = `${group.name} with ${shippingClass.name}`;
  return (
    <RecordRow<unknown>
      name={`Rate of ${where}`}
      className="rate-cell"
      idPrefix={`rate-${group.id}-${shippingClass.id}`}
      fields={RATE_FIELDS}
      save={async (form) => {
        const body = {
          ...pair,
          first_item_in_cents: requireMinorUnits('first_item_in_cents', String(form.get('first') ?? ''), currency),
          additional_item_in_cents: requireMinorUnits('additional_item_in_cents', String(form.get('additional') ?? ''), currency),
        };
        return (await client.PUT('/v1/shipping_rate', { body })).data;
      }}
      saved={() => `Saved the rate of “${group.name}” with “${shippingClass.name}”.`}
      saveLabel="Save"
      saveAriaLabel={`Save the rate of ${where}`}
      remove={
        rate && {
          run: async () => (await client.DELETE('/v1/shipping_rate', { params: { query: pair } })).data,
          confirm: `Remove the rate of ${where}? Products of the group can no longer ship with the class.`,
          done: () => `Removed the rate of “${group.name}” with “${shippingClass.name}”.`,
          label: 'Remove',
          pendingLabel: 'Removing…',
          ariaLabel: `Remove the rate of ${where}`,
          className: 'quiet',
        }
      }
      onChange={() => {
        void queries.invalidateQueries({ queryKey: ['shipping-groups'] });
        void queries.invalidateQueries({ queryKey: ['shipping-classes'] });
      }}
      footer={!rate && <span className="hint">No rate: this group’s products cannot ship with this class.</span>}
    >
      {({ errorId, error }) => (
        <>
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
              aria-describedby={errorId('first_item_in_cents')}
            />
            {error('first_item_in_cents')}
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
              aria-describedby={errorId('additional_item_in_cents')}
            />
            {error('additional_item_in_cents')}
          </label>
        </>
      )}
    </RecordRow>
  );
}
