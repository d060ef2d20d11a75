import type { components } from '@commerce/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent, ReactNode } from 'react';
import { useClient, useStore } from '../api/client';
import { FieldError, FormError, FormProblems } from '../ui/field-errors';
import { useNotify } from '../ui/notices';
import { SettingsNav } from '../ui/settings-nav';
import { Failure, Loading } from '../ui/status';

type Store = components['schemas']['Store'];

const TEXT_FIELDS = [
  'name',
  'description',
  'support_email',
  'phone',
  'location',
  'business_name',
  'business_type',
  'return_address',
  'time_zone',
  'currency',
  'custom_domain',
] as const;
const FLAGS = ['storefront_open', 'list_in_marketplace', 'prices_include_tax'] as const;
const STORE_FIELDS = [...TEXT_FIELDS, ...FLAGS];

/** What the browser knows of IANA zones and ISO 4217 codes, as suggestions: the API decides what it takes. */
const TIME_ZONES = Intl.supportedValuesOf('timeZone');
const CURRENCIES = Intl.supportedValuesOf('currency');

/** Settings (docs/dashboard.md#settings): the store record's fields, saved together with PUT /v1/store. */
export function Settings(): ReactNode {
  const store = useStore();
  return (
    <section>
      <h1>Settings</h1>
      <SettingsNav />
      {store.isPending ? (
        <Loading what="the store" />
      ) : store.isError ? (
        <Failure error={store.error} retry={() => void store.refetch()} />
      ) : (
        <StoreForm store={store.data} />
      )}
    </section>
  );
}

function StoreForm({ store }: { store: Store }): ReactNode {
  const client = useClient();
  const queries = useQueryClient();
  const notify = useNotify();
  const save = useMutation({
    mutationFn: async (form: FormData) => {
      const body: Record<string, string | boolean> = {};
      for (const field of TEXT_FIELDS) body[field] = String(form.get(field) ?? '');
      for (const field of FLAGS) body[field] = form.get(field) === 'on';
      return (await client.PUT('/v1/store', { body })).data;
    },
    onSuccess: (updated) => {
      queries.setQueryData(['store'], updated);
      notify('Store settings saved.');
    },
  });
  const problems = save.isError ? new FormProblems(save.error, STORE_FIELDS) : FormProblems.none;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(new FormData(event.currentTarget));
  };
  const text = (field: (typeof TEXT_FIELDS)[number], label: string, extra: Record<string, unknown> = {}) => (
    <label>
      {label}
      <input
        name={field}
        defaultValue={store[field] ?? ''}
        aria-describedby={`${field}-error`}
        aria-invalid={problems.of(field).length > 0}
        {...extra}
      />
      <FieldError problems={problems} field={field} />
    </label>
  );
  return (
    <form className="form settings-form" onSubmit={submit} aria-label="Store settings">
      <FormError problems={problems} />
      <p>
        Your site: <a href={store.url}>{store.url}</a>
      </p>
      <fieldset>
        <legend>Store</legend>
        {text('name', 'Name', { required: true })}
        <label>
          Description
          <textarea name="description" rows={3} defaultValue={store.description} aria-describedby="description-error" />
          <FieldError problems={problems} field="description" />
        </label>
        {text('location', 'Location')}
        <label className="check">
          <input type="checkbox" name="storefront_open" defaultChecked={store.storefront_open} /> The site is open (closed, it shows the
          Maintenance page)
        </label>
        <label className="check">
          <input type="checkbox" name="list_in_marketplace" defaultChecked={store.list_in_marketplace} /> List the store in the marketplace
        </label>
      </fieldset>
      <fieldset>
        <legend>Contact</legend>
        {text('support_email', 'Support e-mail', { type: 'email', autoComplete: 'email' })}
        {text('phone', 'Phone', { type: 'tel', autoComplete: 'tel' })}
        {text('business_name', 'Business name', { autoComplete: 'organization' })}
        {text('business_type', 'Business type')}
        <label>
          Return address
          <textarea name="return_address" rows={3} defaultValue={store.return_address} aria-describedby="return_address-error" />
          <FieldError problems={problems} field="return_address" />
        </label>
      </fieldset>
      <fieldset>
        <legend>Time and money</legend>
        {text('time_zone', 'Time zone', { list: 'time-zones', autoComplete: 'off', spellCheck: false })}
        <datalist id="time-zones">
          {TIME_ZONES.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
        {text('currency', 'Currency (ISO 4217 code)', { list: 'currencies', autoComplete: 'off', spellCheck: false })}
        <datalist id="currencies">
          {CURRENCIES.map((code) => (
            <option key={code} value={code} />
          ))}
        </datalist>
        <label className="check">
          <input type="checkbox" name="prices_include_tax" defaultChecked={store.prices_include_tax} /> Prices include tax
        </label>
      </fieldset>
      <fieldset>
        <legend>Address</legend>
        {text('custom_domain', 'Custom domain (empty: none)', { placeholder: 'shop.example.com', autoComplete: 'off', spellCheck: false })}
      </fieldset>
      <button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save settings'}
      </button>
    </form>
  );
}
