import type { components } from '@commerce/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useClient, useStore } from '../api/client';
import { FieldError, FormError, FormProblems } from '../ui/field-errors';
import { useNotify } from '../ui/notices';
import { RecordRow } from '../ui/record-row';
import { Failure, Loading } from '../ui/status';

type TaxRate = components['schemas']['TaxRate'];

const RATE_FIELDS = ['country', 'state', 'name', 'rate', 'applies_to_shipping', 'tax_rates'];

/**
 * Taxes (docs/dashboard.md#taxes): whether the prices the owner enters include tax, and the store's tax rates by
 * country and state, each edited in its own row (docs/money.md#tax-rates).
 */
export function Taxes(): ReactNode {
  const client = useClient();
  const rates = useQuery({ queryKey: ['tax-rates'], queryFn: async () => (await client.GET('/v1/tax_rates')).data.tax_rates });
  return (
    <section>
      <h1>Taxes</h1>
      <PricesIncludeTax />
      <section aria-labelledby="tax-rates">
        <h2 id="tax-rates">Tax rates</h2>
        <p className="hint">
          Checkout charges the destination’s rate: a state’s own rate wins over the country’s; no rate, no tax. Leave the state blank for
          the whole country.
        </p>
        {rates.isPending ? (
          <Loading what="tax rates" />
        ) : rates.isError ? (
          <Failure error={rates.error} retry={() => void rates.refetch()} />
        ) : (
          <ul className="cards">
            {rates.data.map((rate) => (
              <li key={rate.id}>
                <TaxRateForm rate={rate} />
              </li>
            ))}
            <li>
              <TaxRateForm />
            </li>
          </ul>
        )}
      </section>
    </section>
  );
}

/** The store's `prices_include_tax` (docs/money.md#currency), saved on its own. */
function PricesIncludeTax(): ReactNode {
  const client = useClient();
  const queries = useQueryClient();
  const notify = useNotify();
  const store = useStore();
  const save = useMutation({
    mutationFn: async (included: boolean) => (await client.PUT('/v1/store', { body: { prices_include_tax: included } })).data,
    onSuccess: (updated) => {
      queries.setQueryData(['store'], updated);
      notify(updated.prices_include_tax ? 'Prices now include tax.' : 'Tax is now added to prices.');
    },
  });
  const problems = save.isError ? new FormProblems(save.error, ['prices_include_tax']) : FormProblems.none;
  if (store.isPending) return <Loading what="the store’s settings" />;
  if (store.isError) return <Failure error={store.error} retry={() => void store.refetch()} />;
  return (
    <form
      className="form"
      aria-labelledby="prices-heading"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(new FormData(event.currentTarget).get('prices_include_tax') === 'on');
      }}
    >
      <h2 id="prices-heading">Prices</h2>
      <FormError problems={problems} />
      <label className="check">
        <input
          type="checkbox"
          name="prices_include_tax"
          key={String(store.data.prices_include_tax)}
          defaultChecked={store.data.prices_include_tax}
          aria-describedby="prices_include_tax-hint prices_include_tax-error"
        />{' '}
        The prices I enter include tax
      </label>
      <span id="prices_include_tax-hint" className="hint">
        As EU shops’ do; checkout then takes the tax out of the price instead of adding it.
      </span>
      <FieldError problems={problems} field="prices_include_tax" />
      <button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save'}
      </button>
    </form>
  );
}

/** One rate (or a new one): country, state, name, percent and whether shipping is taxed, saved together. */
function TaxRateForm({ rate }: { rate?: TaxRate }): ReactNode {
  const client = useClient();
  const queries = useQueryClient();
  const save = async (form: FormData) => {
    const body = {
      country: String(form.get('country') ?? ''),
      state: String(form.get('state') ?? ''),
      name: String(form.get('name') ?? ''),
      rate: String(form.get('rate') ?? ''),
      applies_to_shipping: form.get('applies_to_shipping') === 'on',
    };
    if (rate) return (await client.PUT('/v1/tax_rates/{id}', { params: { path: { id: rate.id } }, body })).data;
    return (await client.POST('/v1/tax_rates', { body })).data;
  };
  return (
    <RecordRow
      name={rate ? `Tax rate ${rate.name}` : 'New tax rate'}
      className="record-row tax-row"
      idPrefix={rate ? `tax-rate-${rate.id}` : 'new-tax-rate'}
      fields={RATE_FIELDS}
      save={save}
      saved={(answer) => (rate ? `Saved tax rate “${answer.name}”.` : `Added tax rate “${answer.name}”.`)}
      saveLabel={rate ? 'Save' : 'Add rate'}
      blankOnSave={!rate}
      onChange={() => void queries.invalidateQueries({ queryKey: ['tax-rates'] })}
      remove={
        rate && {
          run: async () => (await client.DELETE('/v1/tax_rates/{id}', { params: { path: { id: rate.id } } })).data,
          confirm: `Delete the tax rate “${rate.name}”?`,
          done: (answer) => `Deleted tax rate “${answer.name}”.`,
        }
      }
    >
      {(row) => (
        <>
          {row.error('tax_rates')}
          <label>
            Country
            <input
              name="country"
              required
              maxLength={2}
              placeholder="US"
              defaultValue={rate?.country ?? ''}
              aria-describedby={row.errorId('country')}
            />
            {row.error('country')}
          </label>
          <label>
            State
            <input name="state" maxLength={3} placeholder="NY" defaultValue={rate?.state ?? ''} aria-describedby={row.errorId('state')} />
            {row.error('state')}
          </label>
          <label className="wide">
            Name
            <input name="name" required placeholder="NY sales tax" defaultValue={rate?.name ?? ''} aria-describedby={row.errorId('name')} />
            {row.error('name')}
          </label>
          <label>
            Rate (%)
            <input
              name="rate"
              inputMode="decimal"
              required
              placeholder="8.875"
              defaultValue={rate ? String(rate.rate) : ''}
              aria-describedby={row.errorId('rate')}
            />
            {row.error('rate')}
          </label>
          <label className="check">
            <input type="checkbox" name="applies_to_shipping" defaultChecked={rate?.applies_to_shipping ?? false} /> Tax shipping too
          </label>
        </>
      )}
    </RecordRow>
  );
}
