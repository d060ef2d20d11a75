import type { components } from '@commerce/sdk';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useClient } from '../api/client';
import { FieldError, FormError, FormProblems } from '../ui/field-errors';
import { useListParams } from '../ui/list-params';
import { useNotify } from '../ui/notices';
import { Pager } from '../ui/pager';
import { ProductPicker } from '../ui/product-picker';
import { Badge, Failure, Loading } from '../ui/status';
import { COLLECTION_FIELDS, CollectionForm } from './collections';

type Collection = components['schemas']['Collection'];

const PAGE_SIZE = 25;

/** One collection (docs/dashboard.md#collections): its name and description, its products in order, and deleting it. */
export function CollectionPage(): ReactNode {
  const client = useClient();
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const collection = useQuery({
    queryKey: ['collection', id],
    queryFn: async () => (await client.GET('/v1/collections/{id}', { params: { path: { id } } })).data,
    enabled: valid,
  });
  if (!valid) return <Failure error={new Error('There is no such collection.')} />;
  if (collection.isPending) return <Loading what={`collection ${id}`} />;
  if (collection.isError) return <Failure error={collection.error} retry={() => void collection.refetch()} />;
  return <CollectionView collection={collection.data} />;
}

function CollectionView({ collection }: { collection: Collection }): ReactNode {
  const client = useClient();
  const queries = useQueryClient();
  const notify = useNotify();
  const navigate = useNavigate();
  const path = { params: { path: { id: collection.id } } };
  const save = useMutation({
    mutationFn: async (form: FormData) =>
      (
        await client.PUT('/v1/collections/{id}', {
          ...path,
          body: { name: String(form.get('name') ?? ''), description: String(form.get('description') ?? '') },
        })
      ).data,
    onSuccess: (updated) => {
      queries.setQueryData(['collection', collection.id], updated);
      void queries.invalidateQueries({ queryKey: ['collections'] });
      notify(`Saved “${updated.name}”.`);
    },
  });
  const remove = useMutation({
    mutationFn: async () => (await client.DELETE('/v1/collections/{id}', path)).data,
    onSuccess: (deleted) => {
      queries.removeQueries({ queryKey: ['collection', collection.id] });
      void queries.invalidateQueries({ queryKey: ['collections'] });
      for (const productId of deleted.products) void queries.invalidateQueries({ queryKey: ['product', productId] });
      notify(`Collection “${deleted.name}” deleted.`);
      navigate('/collections');
    },
  });
  const deleteProblems = remove.isError ? new FormProblems(remove.error, []) : FormProblems.none;
  return (
    <article>
      <p>
        <Link to="/collections">← Collections</Link>
      </p>
      <h1>{collection.name}</h1>
      <section aria-labelledby="details">
        <h2 id="details">Details</h2>
        <CollectionForm
          collection={collection}
          problems={save.isError ? new FormProblems(save.error, COLLECTION_FIELDS) : FormProblems.none}
          pending={save.isPending}
          submitLabel="Save"
          onSubmit={(form) => save.mutate(form)}
        />
      </section>
      <Members collection={collection} />
      <section aria-labelledby="delete-collection">
        <h2 id="delete-collection">Delete</h2>
        <FormError problems={deleteProblems} />
        <p>The products stay in the store; only the collection goes.</p>
        <button
          type="button"
          className="danger"
          disabled={remove.isPending}
          onClick={() => confirm(`Delete the collection “${collection.name}”?`) && remove.mutate()}
        >
          {remove.isPending ? 'Deleting…' : 'Delete collection'}
        </button>
      </section>
    </article>
  );
}

type Placement = { productId: number; name: string; position: number; moved?: 'up' | 'down' };

/**
 * The collection's products in their order, a page at a time (the page in the address): add one picked from the store's
 * products, move one up or down, take one out. Each is one product's change (docs/catalog.md#one-products-membership),
 * so nothing another owner changed meanwhile is undone.
 */
function Members({ collection }: { collection: Collection }): ReactNode {
  const client = useClient();
  const queries = useQueryClient();
  const notify = useNotify();
  const list = useListParams();
  const ids = collection.products;
  const pages = Math.max(1, Math.ceil(ids.length / PAGE_SIZE));
  const page = Math.min(pages, list.page);
  const first = (page - 1) * PAGE_SIZE;
  const shown = ids.slice(first, first + PAGE_SIZE);
  const products = useQueries({
    queries: shown.map((productId) => ({
      queryKey: ['product', productId],
      queryFn: async () => (await client.GET('/v1/products/{id}', { params: { path: { id: productId } } })).data,
    })),
  });
  const refocus = useRef<{ productId: number; moved: 'up' | 'down' } | null>(null);
  const path = (productId: number) => ({ params: { path: { id: collection.id, product_id: productId } } });
  const settle = (updated: Collection, productId: number) => {
    queries.setQueryData(['collection', collection.id], updated);
    void queries.invalidateQueries({ queryKey: ['collections'] });
    void queries.invalidateQueries({ queryKey: ['product', productId] });
  };
  const place = useMutation({
    mutationFn: async ({ productId, position }: Placement) =>
      (await client.PUT('/v1/collections/{id}/products/{product_id}', { ...path(productId), body: position ? { position } : {} })).data,
    onSuccess: (updated, { productId, name, moved }) => {
      settle(updated, productId);
      const at = updated.products.indexOf(productId);
      if (moved) refocus.current = { productId, moved };
      const onPage = Math.floor(at / PAGE_SIZE) + 1;
      if (onPage !== page) list.go({ page: onPage });
      notify(moved ? `Moved “${name}” to place ${at + 1}.` : `Added “${name}” to the collection.`);
    },
  });
  const takeOut = useMutation({
    mutationFn: async ({ productId }: { productId: number; name: string }) =>
      (await client.DELETE('/v1/collections/{id}/products/{product_id}', path(productId))).data,
    onSuccess: (updated, { productId, name }) => {
      settle(updated, productId);
      notify(`Took “${name}” out of the collection.`);
    },
  });
  const busy = place.isPending || takeOut.isPending;
  // The moved product's button gets the keyboard's focus back once the buttons are enabled again, so ↑ pressed again
  // moves it further (at the top, its other button).
  useEffect(() => {
    const wanted = refocus.current;
    if (!wanted || busy) return;
    refocus.current = null;
    const button = document.getElementById(`move-${wanted.moved}-${wanted.productId}`) as HTMLButtonElement | null;
    const other = document.getElementById(`move-${wanted.moved === 'up' ? 'down' : 'up'}-${wanted.productId}`);
    (button && !button.disabled ? button : other)?.focus();
  }, [collection, busy]);
  const failed = place.isError ? place.error : takeOut.isError ? takeOut.error : null;
  const problems = failed ? new FormProblems(failed, ['products']) : FormProblems.none;
  const nameOf = (index: number, productId: number) => products[index]?.data?.name ?? `Product ${productId}`;
  return (
    <section aria-labelledby="members">
      <h2 id="members">Products ({ids.length})</h2>
      <FormError problems={problems} />
      <ProductPicker
        id="add-product"
        label="Add a product"
        actionLabel="Add"
        taken={new Set(ids)}
        pending={place.isPending && !place.variables?.moved}
        describedBy="products-error"
        onPick={(product) => place.mutate({ productId: product.id, name: product.name, position: 0 })}
      />
      <FieldError problems={problems} field="products" />
      {ids.length === 0 ? (
        <p>No products in this collection yet.</p>
      ) : (
        <>
          <ol className="member-list" start={first + 1} aria-busy={busy}>
            {shown.map((productId, index) => {
              const product = products[index];
              const name = nameOf(index, productId);
              const position = first + index + 1;
              return (
                <li key={productId}>
                  <div className="member-row">
                    <span className="member-name">
                      {product?.isError ? (
                        `Product ${productId} (not found)`
                      ) : (
                        <Link to={`/products/${productId}`}>{product?.isPending ? `Loading product ${productId}…` : name}</Link>
                      )}{' '}
                      {product?.data && product.data.status !== 'active' && <Badge value={product.data.status} />}
                    </span>
                    <span className="member-buttons">
                      <button
                        type="button"
                        id={`move-up-${productId}`}
                        disabled={busy || position === 1}
                        aria-label={`Move ${name} up`}
                        onClick={() => place.mutate({ productId, name, position: position - 1, moved: 'up' })}
                      >
                        ↑
                      </button>
                      <button
                        type="button"
                        id={`move-down-${productId}`}
                        disabled={busy || position === ids.length}
                        aria-label={`Move ${name} down`}
                        onClick={() => place.mutate({ productId, name, position: position + 1, moved: 'down' })}
                      >
                        ↓
                      </button>
                      <button
                        type="button"
                        className="danger"
                        disabled={busy}
                        aria-label={`Take ${name} out of the collection`}
                        onClick={() => takeOut.mutate({ productId, name })}
                      >
                        ✕
                      </button>
                    </span>
                  </div>
                </li>
              );
            })}
          </ol>
          <Pager page={page} pages={pages} onPage={(next) => list.go({ page: next })} />
        </>
      )}
    </section>
  );
}
