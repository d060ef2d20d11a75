import type { components } from '@commerce/sdk';
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useClient, useStore } from '../api/client';
import { decimalOf, refusal, requireMinorUnits } from '../ui/amounts';
import { FieldError, FormError, FormProblems } from '../ui/field-errors';
import { useNotify } from '../ui/notices';
import { Pager } from '../ui/pager';
import { ProductPicker } from '../ui/product-picker';
import { Failure, Loading } from '../ui/status';
import { instantOfLocalInput, knownZone, localInputOf } from '../ui/store-time';
import { discountOff } from './discounts';

type Discount = components['schemas']['Discount'];
/** What the form reads the owner's amounts and times in: the store's currency and time zone (GET /v1/store). */
type StoreUnits = { currency: string; timeZone: string };
/** What the form holds besides its inputs: the products and collections the code is restricted to. */
type Restriction = { productIds: number[]; collectionIds: number[] };

const FIELDS = [
  'code',
  'kind',
  'value',
  'minimum_subtotal',
  'product_ids',
  'collection_ids',
  'starts_at',
  'ends_at',
  'usage_limit',
  'once_per_customer',
];
const KINDS = [
  { value: 'percentage', label: 'Percentage off' },
  { value: 'fixed_amount', label: 'Fixed amount off' },
  { value: 'free_shipping', label: 'Free shipping' },
] as const;

/**
 * The request body from the form: amounts typed in the store's currency go in minor units, times typed in the store's
 * time zone go as unix seconds, blanks as "none". What cannot be converted is refused beside its field.
 */
function discountBody(form: FormData, restriction: Restriction, { currency, timeZone }: StoreUnits) {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const kind = text('kind');
  const value = text('value');
  const percent = /^\d+(\.\d+)?$/.test(value) ? Number(value) : NaN;
  if (kind === 'percentage' && Number.isNaN(percent)) throw refusal('value', 'must be a percent such as 12.5');
  const time = (name: 'starts_at' | 'ends_at') => {
    if (!text(name)) return null;
    const at = instantOfLocalInput(text(name), timeZone);
    if (at === null) throw refusal(name, 'must be a date and time');
    return Math.floor(at / 1000);
  };
  const limit = text('usage_limit');
  if (limit && !/^\d+$/.test(limit)) throw refusal('usage_limit', 'must be a whole number, or blank for no limit');
  return {
    code: text('code'),
    kind,
    value: kind === 'percentage' ? percent : kind === 'fixed_amount' ? requireMinorUnits('value', value, currency) : 0,
    minimum_subtotal: text('minimum_subtotal') ? requireMinorUnits('minimum_subtotal', text('minimum_subtotal'), currency) : 0,
    product_ids: restriction.productIds,
    collection_ids: restriction.collectionIds,
    starts_at: time('starts_at'),
    ends_at: time('ends_at'),
    usage_limit: limit ? Number(limit) : null,
    once_per_customer: form.get('once_per_customer') === 'on',
  };
}

/** A new discount code (docs/dashboard.md#discount-codes). */
export function NewDiscount(): ReactNode {
  const client = useClient();
  const navigate = useNavigate();
  const notify = useNotify();
  const queries = useQueryClient();
  const store = useStore();
  const create = useMutation({
    mutationFn: async ({ form, restriction, units }: { form: FormData; restriction: Restriction; units: StoreUnits }) =>
      (await client.POST('/v1/discounts', { body: discountBody(form, restriction, units) })).data,
    onSuccess: (discount) => {
      void queries.invalidateQueries({ queryKey: ['discounts'] });
      queries.setQueryData(['discount', discount.id], discount);
      notify(`Discount code “${discount.code}” created.`);
      navigate(`/discounts/${discount.id}`);
    },
  });
  return (
    <section>
      <p>
        <Link to="/discounts">← Discount codes</Link>
      </p>
      <h1>Add discount code</h1>
      {store.isPending ? (
        <Loading what="the store’s currency and time zone" />
      ) : store.isError ? (
        <Failure error={store.error} retry={() => void store.refetch()} />
      ) : (
        <DiscountForm
          units={unitsOf(store.data)}
          problems={create.isError ? new FormProblems(create.error, FIELDS) : FormProblems.none}
          pending={create.isPending}
          submitLabel="Create discount code"
          onSubmit={(form, restriction) => create.mutate({ form, restriction, units: unitsOf(store.data) })}
        />
      )}
    </section>
  );
}

/** One discount code: how often it was used, its fields to change, and deleting it. */
export function DiscountPage(): ReactNode {
  const client = useClient();
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const store = useStore();
  const discount = useQuery({
    queryKey: ['discount', id],
    queryFn: async () => (await client.GET('/v1/discounts/{id}', { params: { path: { id } } })).data,
    enabled: valid,
  });
  if (!valid) return <Failure error={new Error('There is no such discount code.')} />;
  if (discount.isPending) return <Loading what={`discount code ${id}`} />;
  if (discount.isError) return <Failure error={discount.error} retry={() => void discount.refetch()} />;
  if (store.isPending) return <Loading what="the store’s currency and time zone" />;
  if (store.isError) return <Failure error={store.error} retry={() => void store.refetch()} />;
  return <DiscountView discount={discount.data} units={unitsOf(store.data)} />;
}

/** The store's currency and time zone, which the form's amounts and times are typed in: the form waits for them. */
const unitsOf = (store: { currency: string; time_zone: string }): StoreUnits => ({
  currency: store.currency,
  timeZone: knownZone(store.time_zone),
});

function DiscountView({ discount, units }: { discount: Discount; units: StoreUnits }): ReactNode {
  const client = useClient();
  const queries = useQueryClient();
  const notify = useNotify();
  const navigate = useNavigate();
  const { currency } = units;
  const path = { params: { path: { id: discount.id } } };
  const save = useMutation({
    mutationFn: async ({ form, restriction }: { form: FormData; restriction: Restriction }) =>
      (await client.PUT('/v1/discounts/{id}', { ...path, body: discountBody(form, restriction, units) })).data,
    onSuccess: (updated) => {
      queries.setQueryData(['discount', discount.id], updated);
      void queries.invalidateQueries({ queryKey: ['discounts'] });
      notify(`Saved discount code “${updated.code}”.`);
    },
  });
  const remove = useMutation({
    mutationFn: async () => (await client.DELETE('/v1/discounts/{id}', path)).data,
    onSuccess: (deleted) => {
      queries.removeQueries({ queryKey: ['discount', discount.id] });
      void queries.invalidateQueries({ queryKey: ['discounts'] });
      notify(`Discount code “${deleted.code}” deleted.`);
      navigate('/discounts');
    },
  });
  return (
    <article>
      <p>
        <Link to="/discounts">← Discount codes</Link>
      </p>
      <h1>{discount.code}</h1>
      <p>
        {discountOff(discount, currency)}. Used {discount.times_used} time{discount.times_used === 1 ? '' : 's'}
        {discount.usage_limit === null ? '' : ` of ${discount.usage_limit}`}.
      </p>
      <DiscountForm
        discount={discount}
        units={units}
        problems={save.isError ? new FormProblems(save.error, FIELDS) : FormProblems.none}
        pending={save.isPending}
        submitLabel="Save"
        onSubmit={(form, restriction) => save.mutate({ form, restriction })}
      />
      <section aria-labelledby="delete-discount">
        <h2 id="delete-discount">Delete</h2>
        <FormError problems={remove.isError ? new FormProblems(remove.error, []) : FormProblems.none} />
        <p>Orders that used the code keep it; buyers can no longer enter it.</p>
        <button
          type="button"
          className="danger"
          disabled={remove.isPending}
          onClick={() => confirm(`Delete the discount code “${discount.code}”?`) && remove.mutate()}
        >
          {remove.isPending ? 'Deleting…' : 'Delete discount code'}
        </button>
      </section>
    </article>
  );
}

function DiscountForm(props: {
  discount?: Discount;
  units: StoreUnits;
  problems: FormProblems;
  pending: boolean;
  submitLabel: string;
  onSubmit: (form: FormData, restriction: Restriction) => void;
}): ReactNode {
  const { discount, units, problems, pending, submitLabel, onSubmit } = props;
  const { currency, timeZone } = units;
  const [kind, setKind] = useState<string>(discount?.kind ?? 'percentage');
  const [productIds, setProductIds] = useState<number[]>(discount?.product_ids ?? []);
  const [collectionIds, setCollectionIds] = useState<number[]>(discount?.collection_ids ?? []);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(new FormData(event.currentTarget), { productIds, collectionIds });
  };
  const invalid = (field: string) => problems.of(field).length > 0;
  const value = discount?.kind === 'fixed_amount' ? decimalOf(discount.value, currency) : discount ? String(discount.value) : '';
  return (
    <form className="form" onSubmit={submit} aria-label="Discount code">
      <FormError problems={problems} />
      <label>
        Code
        <input
          name="code"
          required
          autoComplete="off"
          defaultValue={discount?.code}
          aria-describedby="code-hint code-error"
          aria-invalid={invalid('code')}
        />
        <FieldError problems={problems} field="code" />
      </label>
      <span id="code-hint" className="hint">
        Letters, digits, - and _; buyers may type it in any case.
      </span>
      <fieldset aria-describedby="kind-error">
        <legend>Kind</legend>
        {KINDS.map((option) => (
          <label key={option.value} className="check">
            <input type="radio" name="kind" value={option.value} checked={kind === option.value} onChange={() => setKind(option.value)} />
            {option.label}
          </label>
        ))}
        <FieldError problems={problems} field="kind" />
      </fieldset>
      {kind !== 'free_shipping' && (
        <label>
          {kind === 'percentage' ? 'Percent off' : `Amount off (${currency})`}
          <input
            name="value"
            inputMode="decimal"
            required
            key={kind}
            defaultValue={discount?.kind === kind ? value : ''}
            aria-describedby="value-error"
            aria-invalid={invalid('value')}
          />
          <FieldError problems={problems} field="value" />
        </label>
      )}
      <label>
        Minimum subtotal ({currency}, blank for none)
        <input
          name="minimum_subtotal"
          inputMode="decimal"
          defaultValue={discount && discount.minimum_subtotal > 0 ? decimalOf(discount.minimum_subtotal, currency) : ''}
          aria-describedby="minimum_subtotal-error"
          aria-invalid={invalid('minimum_subtotal')}
        />
        <FieldError problems={problems} field="minimum_subtotal" />
      </label>
      <AppliesTo
        problems={problems}
        productIds={productIds}
        collectionIds={collectionIds}
        onProducts={setProductIds}
        onCollections={setCollectionIds}
      />
      <label>
        Starts, {timeZone} time (blank for now)
        <input
          type="datetime-local"
          name="starts_at"
          defaultValue={localInputOf(discount?.starts_at, timeZone)}
          aria-describedby="times-hint starts_at-error"
          aria-invalid={invalid('starts_at')}
        />
        <FieldError problems={problems} field="starts_at" />
      </label>
      <label>
        Ends, {timeZone} time (blank for never)
        <input
          type="datetime-local"
          name="ends_at"
          defaultValue={localInputOf(discount?.ends_at, timeZone)}
          aria-describedby="times-hint ends_at-error"
          aria-invalid={invalid('ends_at')}
        />
        <FieldError problems={problems} field="ends_at" />
      </label>
      <span id="times-hint" className="hint">
        Times are the store’s ({timeZone}, set under Settings), not this computer’s. A time the clocks skip moves on by the gap (2:30 when
        they jump from 2:00 to 3:00 is 3:30); a time they show twice is the first.
      </span>
      <label>
        Usage limit (blank for no limit)
        <input
          name="usage_limit"
          type="number"
          min={1}
          defaultValue={discount?.usage_limit ?? ''}
          aria-describedby="usage_limit-error"
          aria-invalid={invalid('usage_limit')}
        />
        <FieldError problems={problems} field="usage_limit" />
      </label>
      <label className="check">
        <input type="checkbox" name="once_per_customer" defaultChecked={discount?.once_per_customer ?? false} /> Once per buyer (by e-mail
        address)
      </label>
      <button type="submit" disabled={pending}>
        {pending ? 'Saving…' : submitLabel}
      </button>
    </form>
  );
}

const COLLECTIONS_PAGE = 25;

/** The products and collections the code is restricted to; none of either: the whole cart. */
function AppliesTo(props: {
  problems: FormProblems;
  productIds: number[];
  collectionIds: number[];
  onProducts: (ids: number[]) => void;
  onCollections: (ids: number[]) => void;
}): ReactNode {
  const { problems, productIds, collectionIds, onProducts, onCollections } = props;
  const client = useClient();
  const [page, setPage] = useState(1);
  const products = useQueries({
    queries: productIds.map((id) => ({
      queryKey: ['product', id],
      queryFn: async () => (await client.GET('/v1/products/{id}', { params: { path: { id } } })).data,
    })),
  });
  const collections = useQuery({
    queryKey: ['collections', { page, limit: COLLECTIONS_PAGE }],
    queryFn: async () => {
      const answer = await client.GET('/v1/collections', { params: { query: { page, limit: COLLECTIONS_PAGE } } });
      return { collections: answer.data.collections, pages: answer.pagination.total_pages };
    },
    placeholderData: keepPreviousData,
  });
  return (
    <fieldset aria-describedby="applies-hint">
      <legend>Applies to</legend>
      <p id="applies-hint" className="hint">
        {productIds.length + collectionIds.length === 0
          ? 'The whole cart. Choose products or collections to restrict the code to them.'
          : 'Only the lines of these products, or of products in these collections.'}
      </p>
      {productIds.length > 0 && (
        <ul className="chosen" aria-label="Products">
          {productIds.map((id, index) => {
            const name = products[index]?.data?.name ?? `Product ${id}`;
            return (
              <li key={id}>
                {name}{' '}
                <button
                  type="button"
                  className="quiet"
                  aria-label={`Remove ${name}`}
                  onClick={() => onProducts(productIds.filter((each) => each !== id))}
                >
                  ✕
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <ProductPicker
        id="discount-product"
        label="Product"
        actionLabel="Add product"
        pending={false}
        taken={new Set(productIds)}
        describedBy="product_ids-error"
        onPick={(product) => onProducts([...productIds, product.id])}
      />
      <FieldError problems={problems} field="product_ids" />
      <fieldset className="collection-choices" aria-describedby="collection_ids-error">
        <legend>Collections</legend>
        {collections.isPending ? (
          <Loading what="collections" />
        ) : collections.isError ? (
          <Failure error={collections.error} retry={() => void collections.refetch()} />
        ) : collections.data.collections.length === 0 ? (
          <p>The store has no collections.</p>
        ) : (
          collections.data.collections.map((collection) => (
            <label key={collection.id} className="check">
              <input
                type="checkbox"
                checked={collectionIds.includes(collection.id)}
                onChange={(event) =>
                  onCollections(
                    event.target.checked ? [...collectionIds, collection.id] : collectionIds.filter((id) => id !== collection.id),
                  )
                }
              />{' '}
              {collection.name}
            </label>
          ))
        )}
        <FieldError problems={problems} field="collection_ids" />
        {collections.data && <Pager page={page} pages={collections.data.pages} onPage={setPage} />}
      </fieldset>
    </fieldset>
  );
}
