import type { components } from '@commerce/sdk';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useClient } from '../api/client';
import { RecordRow } from '../ui/record-row';
import { Failure, Loading } from '../ui/status';
import { RateGrid } from './shipping-rates';

type ShippingClass = components['schemas']['ShippingClass'];
type ShippingGroup = components['schemas']['ShippingGroup'];

const CLASS_FIELDS = ['name', 'countries'];
const GROUP_FIELDS = ['name'];

/** Both ends of every rate: a change to a class, a group or a rate re-reads both lists. */
export const SHIPPING_QUERIES = [['shipping-classes'], ['shipping-groups']];

/**
 * Shipping (docs/dashboard.md#shipping): the classes buyers choose from (by country), the groups that price kinds of
 * products, and the rate of each group with each class as a grid.
 */
export function Shipping(): ReactNode {
  const client = useClient();
  const classes = useQuery({
    queryKey: ['shipping-classes'],
    queryFn: async () => (await client.GET('/v1/shipping_classes')).data.shipping_classes,
  });
  const groups = useQuery({
    queryKey: ['shipping-groups'],
    queryFn: async () => (await client.GET('/v1/shipping_groups')).data.shipping_groups,
  });
  return (
    <section>
      <h1>Shipping</h1>
      <p className="hint">
        A shipping class is an option buyers choose at checkout, offered in its countries. A shipping group prices shipping for one kind of
        product. A rate says what a group’s first item and each additional item cost with a class.
      </p>
      <section aria-labelledby="classes">
        <h2 id="classes">Shipping classes</h2>
        {classes.isPending ? (
          <Loading what="shipping classes" />
        ) : classes.isError ? (
          <Failure error={classes.error} retry={() => void classes.refetch()} />
        ) : (
          <ul className="cards">
            {classes.data.map((shippingClass) => (
              <li key={shippingClass.id}>
                <ClassForm shippingClass={shippingClass} />
              </li>
            ))}
            <li>
              <ClassForm />
            </li>
          </ul>
        )}
      </section>
      <section aria-labelledby="groups">
        <h2 id="groups">Shipping groups</h2>
        {groups.isPending ? (
          <Loading what="shipping groups" />
        ) : groups.isError ? (
          <Failure error={groups.error} retry={() => void groups.refetch()} />
        ) : (
          <ul className="cards">
            {groups.data.map((group) => (
              <li key={group.id}>
                <GroupForm group={group} />
              </li>
            ))}
            <li>
              <GroupForm />
            </li>
          </ul>
        )}
      </section>
      <section aria-labelledby="rates">
        <h2 id="rates">Rates</h2>
        {classes.data && groups.data ? (
          <RateGrid classes={classes.data} groups={groups.data} />
        ) : classes.isError || groups.isError ? null : (
          <Loading what="rates" />
        )}
      </section>
    </section>
  );
}

/** Codes as the owner types them ("us, ca" or "US CA"); the API upper-cases them and names any that is not a code. */
function countriesOf(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((code) => code.trim())
    .filter(Boolean);
}

function useShippingSaved(): () => void {
  const queries = useQueryClient();
  return () => {
    for (const queryKey of SHIPPING_QUERIES) void queries.invalidateQueries({ queryKey });
  };
}

/** One class (or a new one): its name and countries, saved together; deleting it takes its rates with it. */
function ClassForm({ shippingClass }: { shippingClass?: ShippingClass }): ReactNode {
  const client = useClient();
  const saved = useShippingSaved();
  const save = async (form: FormData) => {
    const body = { name: String(form.get('name') ?? ''), countries: countriesOf(String(form.get('countries') ?? '')) };
    if (shippingClass) return (await client.PUT('/v1/shipping_classes/{id}', { params: { path: { id: shippingClass.id } }, body })).data;
    return (await client.POST('/v1/shipping_classes', { body })).data;
  };
  return (
    <RecordRow
      name={shippingClass ? `Shipping class ${shippingClass.name}` : 'New shipping class'}
      idPrefix={shippingClass ? `class-${shippingClass.id}` : 'new-class'}
      fields={CLASS_FIELDS}
      save={save}
      saved={(answer) => (shippingClass ? `Saved shipping class “${answer.name}”.` : `Added shipping class “${answer.name}”.`)}
      saveLabel={shippingClass ? 'Save' : 'Add class'}
      blankOnSave={!shippingClass}
      onChange={saved}
      remove={
        shippingClass && {
          run: async () => (await client.DELETE('/v1/shipping_classes/{id}', { params: { path: { id: shippingClass.id } } })).data,
          confirm: `Delete the shipping class “${shippingClass.name}” and its rates?`,
          done: (answer) => `Deleted shipping class “${answer.name}”.`,
        }
      }
    >
      {(row) => (
        <>
          <label>
            Name
            <input name="name" required defaultValue={shippingClass?.name ?? ''} aria-describedby={row.errorId('name')} />
            {row.error('name')}
          </label>
          <label className="wide">
            Countries (ISO codes, e.g. US, CA)
            <input name="countries" defaultValue={shippingClass?.countries.join(', ') ?? ''} aria-describedby={row.errorId('countries')} />
            {row.error('countries')}
          </label>
        </>
      )}
    </RecordRow>
  );
}

/** One group (or a new one): its name; deleting a group products still use is refused (409), said here. */
function GroupForm({ group }: { group?: ShippingGroup }): ReactNode {
  const client = useClient();
  const saved = useShippingSaved();
  const save = async (form: FormData) => {
    const body = { name: String(form.get('name') ?? '') };
    if (group) return (await client.PUT('/v1/shipping_groups/{id}', { params: { path: { id: group.id } }, body })).data;
    return (await client.POST('/v1/shipping_groups', { body })).data;
  };
  return (
    <RecordRow
      name={group ? `Shipping group ${group.name}` : 'New shipping group'}
      idPrefix={group ? `group-${group.id}` : 'new-group'}
      fields={GROUP_FIELDS}
      save={save}
      saved={(answer) => (group ? `Saved shipping group “${answer.name}”.` : `Added shipping group “${answer.name}”.`)}
      saveLabel={group ? 'Save' : 'Add group'}
      blankOnSave={!group}
      onChange={saved}
      remove={
        group && {
          run: async () => (await client.DELETE('/v1/shipping_groups/{id}', { params: { path: { id: group.id } } })).data,
          confirm: `Delete the shipping group “${group.name}” and its rates?`,
          done: (answer) => `Deleted shipping group “${answer.name}”.`,
        }
      }
    >
      {(row) => (
        <label className="wide">
          Name
          <input name="name" required defaultValue={group?.name ?? ''} aria-describedby={row.errorId('name')} />
          {row.error('name')}
        </label>
      )}
    </RecordRow>
  );
}
