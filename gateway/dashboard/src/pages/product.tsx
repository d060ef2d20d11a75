import type { components } from '@commerce/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormEvent, ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useClient, useStore } from '../api/client';
import { FieldError, FormError, FormProblems } from '../ui/field-errors';
import { formatMoney } from '../ui/format';
import { useNotify } from '../ui/notices';
import { PhotoManager } from '../ui/photo-manager';
import { ProductCollections } from '../ui/product-collections';
import { RecordRow } from '../ui/record-row';
import { Failure, Loading } from '../ui/status';

type Product = components['schemas']['Product'];
type Variant = components['schemas']['Variant'];

const PRODUCT_FIELDS = ['name', 'price', 'description', 'status', 'tag_list', 'taxable', 'shipping_group_id'];
const STATUSES = ['active', 'hidden', 'coming soon'];

/** A new product: its details first; variants, stock and photos once it exists (docs/dashboard.md#products). */
export function NewProduct(): ReactNode {
  const client = useClient();
  const navigate = useNavigate();
  const notify = useNotify();
  const queries = useQueryClient();
  const create = useMutation({
    mutationFn: async (form: FormData) => (await client.POST('/v1/products', { body: productBody(form) as ProductInput })).data,
    onSuccess: (product) => {
      void queries.invalidateQueries({ queryKey: ['products'] });
      queries.setQueryData(['product', product.id], product);
      notify(`Product “${product.name}” created.`);
      navigate(`/products/${product.id}`);
    },
  });
  return (
    <section>
      <p>
        <Link to="/products">← Products</Link>
      </p>
      <h1>Add product</h1>
      <ProductForm
        problems={create.isError ? new FormProblems(create.error, PRODUCT_FIELDS) : FormProblems.none}
        pending={create.isPending}
        submitLabel="Create product"
        onSubmit={(form) => create.mutate(form)}
      />
    </section>
  );
}

type ProductInput = {
  name: string;
  price?: string;
  description?: string;
  status?: string;
  tag_list?: string[];
  taxable?: boolean;
  shipping_group_id?: number;
};

function productBody(form: FormData): Partial<ProductInput> {
  return {
    name: String(form.get('name') ?? ''),
    price: String(form.get('price') ?? ''),
    description: String(form.get('description') ?? ''),
    status: String(form.get('status') ?? 'active'),
    tag_list: String(form.get('tag_list') ?? '')
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
    taxable: form.get('taxable') === 'on',
    ...(form.get('shipping_group_id') ? { shipping_group_id: Number(form.get('shipping_group_id')) } : {}),
  };
}

/** One product: its details, its variants with their stock, and its photos. */
export function ProductPage(): ReactNode {
  const client = useClient();
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const product = useQuery({
    queryKey: ['product', id],
    queryFn: async () => (await client.GET('/v1/products/{id}', { params: { path: { id } } })).data,
    enabled: valid,
  });
  if (!valid) return <Failure error={new Error('There is no such product.')} />;
  if (product.isPending) return <Loading what={`product ${id}`} />;
  if (product.isError) return <Failure error={product.error} retry={() => void product.refetch()} />;
  return <ProductView product={product.data} />;
}

function ProductView({ product }: { product: Product }): ReactNode {
  const client = useClient();
  const queries = useQueryClient();
  const notify = useNotify();
  const save = useMutation({
    mutationFn: async (form: FormData) =>
      (await client.PUT('/v1/products/{id}', { params: { path: { id: product.id } }, body: productBody(form) })).data,
    onSuccess: (updated) => {
      queries.setQueryData(['product', product.id], updated);
      void queries.invalidateQueries({ queryKey: ['products'] });
      notify(`Saved “${updated.name}”.`);
    },
  });
  return (
    <article>
      <p>
        <Link to="/products">← Products</Link>
      </p>
      <h1>{product.name}</h1>
      <div className="columns">
        <section aria-labelledby="details">
          <h2 id="details">Details</h2>
          <ProductForm
            product={product}
            problems={save.isError ? new FormProblems(save.error, PRODUCT_FIELDS) : FormProblems.none}
            pending={save.isPending}
            submitLabel="Save"
            onSubmit={(form) => save.mutate(form)}
          />
          <ProductCollections product={product} />
        </section>
        <section aria-labelledby="photos">
          <h2 id="photos">Photos</h2>
          <PhotoManager product={product} />
        </section>
      </div>
      <Variants product={product} />
    </article>
  );
}

function ProductForm(props: {
  product?: Product;
  problems: FormProblems;
  pending: boolean;
  submitLabel: string;
  onSubmit: (form: FormData) => void;
}): ReactNode {
  const { product, problems, pending, submitLabel, onSubmit } = props;
  const client = useClient();
  const groups = useQuery({
    queryKey: ['shipping-groups'],
    queryFn: async () => (await client.GET('/v1/shipping_groups')).data.shipping_groups,
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(new FormData(event.currentTarget));
  };
  return (
    <form className="form" onSubmit={submit}>
      <FormError problems={problems} />
      <label>
        Name
        <input
          name="name"
          required
          defaultValue={product?.name}
          aria-describedby="name-error"
          aria-invalid={problems.of('name').length > 0}
        />
        <FieldError problems={problems} field="name" />
      </label>
      <label>
        Price
        <input
          name="price"
          inputMode="decimal"
          required
          defaultValue={product ? product.price.toFixed(2) : ''}
          aria-describedby="price-error"
          aria-invalid={problems.of('price').length > 0}
        />
        <FieldError problems={problems} field="price" />
      </label>
      <label>
        Status
        <select name="status" defaultValue={product?.status ?? 'active'} aria-describedby="status-error">
          {STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
        <FieldError problems={problems} field="status" />
      </label>
      <label>
        Shipping group
        <select
          name="shipping_group_id"
          defaultValue={product?.shipping_group?.id}
          key={groups.data?.length}
          aria-describedby="shipping_group_id-error"
        >
          {groups.data?.map((group) => (
            <option key={group.id} value={group.id}>
              {group.name}
            </option>
          ))}
        </select>
        <FieldError problems={problems} field="shipping_group_id" />
      </label>
      <label>
        Description
        <textarea name="description" rows={4} defaultValue={product?.description ?? ''} aria-describedby="description-error" />
        <FieldError problems={problems} field="description" />
      </label>
      <label>
        Tags (comma-separated)
        <input name="tag_list" defaultValue={product?.tag_list.join(', ')} aria-describedby="tag_list-error" />
        <FieldError problems={problems} field="tag_list" />
      </label>
      <label className="check">
        <input type="checkbox" name="taxable" defaultChecked={product?.taxable ?? true} /> Charge tax on this product
      </label>
      <button type="submit" disabled={pending}>
        {pending ? 'Saving…' : submitLabel}
      </button>
    </form>
  );
}

const VARIANT_FIELDS = ['name', 'sku', 'in_stock', 'override_price'];

/** The product's variants: name, SKU, stock and price each, saved one row at a time; and a new one. */
function Variants({ product }: { product: Product }): ReactNode {
  const currency = useStore().data?.currency ?? 'USD';
  const variants = product.variants.map(({ variant }) => variant);
  return (
    <section aria-labelledby="variants">
      <h2 id="variants">Variants and stock</h2>
      <ul className="cards">
        {variants.map((variant) => (
          <li key={variant.id}>
            <VariantForm product={product} variant={variant} currency={currency} />
          </li>
        ))}
        <li>
          <VariantForm product={product} currency={currency} />
        </li>
      </ul>
    </section>
  );
}

function VariantForm({ product, variant, currency }: { product: Product; variant?: Variant; currency: string }): ReactNode {
  const client = useClient();
  const queries = useQueryClient();
  return (
    <RecordRow<Variant>
      name={variant ? `Variant ${variant.name}` : 'New variant'}
      className="variant-row"
      idPrefix={variant ? `variant-${variant.id}` : 'new-variant'}
      fields={VARIANT_FIELDS}
      save={async (form) => {
        const price = String(form.get('override_price') ?? '').trim();
        const inStock = Number(form.get('in_stock'));
        const body = {
          name: String(form.get('name') ?? ''),
          sku: String(form.get('sku') ?? '') || null,
          in_stock: inStock,
          // The owner counts what is in stock; the full quantity (percent_available's base) grows to it when restocked.
          full_quantity: Math.max(variant?.full_quantity ?? 0, inStock),
          has_override_price: price !== '',
          ...(price ? { override_price: price } : {}),
        };
        const path = { product_id: product.id };
        if (variant)
          return (await client.PUT('/v1/products/{product_id}/variants/{id}', { params: { path: { ...path, id: variant.id } }, body }))
            .data;
        return (await client.POST('/v1/products/{product_id}/variants', { params: { path }, body })).data;
      }}
      saved={(saved) => (variant ? `Saved variant “${saved.name}”.` : `Added variant “${saved.name}”.`)}
      saveLabel={variant ? 'Save' : 'Add variant'}
      onChange={() => {
        void queries.invalidateQueries({ queryKey: ['product', product.id] });
        void queries.invalidateQueries({ queryKey: ['products'] });
      }}
      blankOnSave={!variant}
    >
      {({ errorId, error }) => (
        <>
          <label>
            Name
            <input name="name" required defaultValue={variant?.name ?? ''} aria-describedby={errorId('name')} />
            {error('name')}
          </label>
          <label>
            SKU
            <input name="sku" defaultValue={variant?.sku ?? ''} aria-describedby={errorId('sku')} />
            {error('sku')}
          </label>
          <label>
            In stock
            <input
              name="in_stock"
              type="number"
              min={0}
              required
              defaultValue={variant?.in_stock ?? 0}
              aria-describedby={errorId('in_stock')}
            />
            {error('in_stock')}
          </label>
          <label>
            Own price
            <input
              name="override_price"
              inputMode="decimal"
              placeholder={formatMoney(product.cents, currency)}
              defaultValue={variant?.has_override_price ? variant.price.toFixed(2) : ''}
              aria-describedby={errorId('override_price')}
            />
            {error('override_price')}
          </label>
        </>
      )}
    </RecordRow>
  );
}
