import type { components } from '@commerce/sdk';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useClient } from '../api/client';
import { FieldError, FormError, FormProblems } from './field-errors';
import { useNotify } from './notices';
import { Pager } from './pager';
import { Failure, Loading } from './status';

type Product = components['schemas']['Product'];
type Collection = components['schemas']['Collection'];

const PAGE_SIZE = 25;

/**
 * The product page's "Collections": a checkbox per collection of the store (a page at a time), each change saved at once
 * as that one product's membership (docs/catalog.md#one-products-membership), so a collection's other products are
 * neither sent nor touched.
 */
export function ProductCollections({ product }: { product: Product }): ReactNode {
  const client = useClient();
  const queries = useQueryClient();
  const notify = useNotify();
  const [page, setPage] = useState(1);
  const collections = useQuery({
    queryKey: ['collections', { page, limit: PAGE_SIZE }],
    queryFn: async () => {
      const answer = await client.GET('/v1/collections', { params: { query: { page, limit: PAGE_SIZE } } });
      return { collections: answer.data.collections, pages: answer.pagination.total_pages };
    },
    placeholderData: keepPreviousData,
  });
  const toggle = useMutation({
    mutationFn: async ({ collection, join }: { collection: Collection; join: boolean }) => {
      const path = { params: { path: { id: collection.id, product_id: product.id } } };
      if (join) return (await client.PUT('/v1/collections/{id}/products/{product_id}', { ...path, body: {} })).data;
      return (await client.DELETE('/v1/collections/{id}/products/{product_id}', path)).data;
    },
    onSuccess: (updated, { join }) => {
      queries.setQueryData<Product>(
        ['product', product.id],
        (shown) =>
          shown && {
            ...shown,
            collections: join
              ? [...shown.collections.filter((id) => id !== updated.id), updated.id]
              : shown.collections.filter((id) => id !== updated.id),
          },
      );
      queries.setQueryData(['collection', updated.id], updated);
      void queries.invalidateQueries({ queryKey: ['collections'] });
      void queries.invalidateQueries({ queryKey: ['product', product.id] });
      notify(join ? `Added “${product.name}” to “${updated.name}”.` : `Took “${product.name}” out of “${updated.name}”.`);
    },
  });
  const problems = toggle.isError ? new FormProblems(toggle.error, ['products']) : FormProblems.none;
  const inIt = (collection: Collection) =>
    toggle.isPending && toggle.variables.collection.id === collection.id
      ? toggle.variables.join
      : product.collections.includes(collection.id);
  return (
    <fieldset className="collection-choices" aria-describedby="collections-hint products-error" aria-busy={toggle.isPending}>
      <legend>Collections</legend>
      <p id="collections-hint" className="hint">
        Each box is saved as soon as it changes.
      </p>
      <FormError problems={problems} />
      {collections.isPending ? (
        <Loading what="collections" />
      ) : collections.isError ? (
        <Failure error={collections.error} retry={() => void collections.refetch()} />
      ) : collections.data.collections.length === 0 ? (
        <p>
          The store has no collections yet: <Link to="/collections/new">add one</Link>.
        </p>
      ) : (
        collections.data.collections.map((collection) => (
          <label key={collection.id} className="check">
            <input
              type="checkbox"
              checked={inIt(collection)}
              // Not disabled while a change is saved: a disabled box would lose the keyboard's focus.
              aria-disabled={toggle.isPending}
              onChange={(event) => !toggle.isPending && toggle.mutate({ collection, join: event.target.checked })}
            />{' '}
            {collection.name}
          </label>
        ))
      )}
      <FieldError problems={problems} field="products" />
      {collections.data && <Pager page={page} pages={collections.data.pages} onPage={setPage} />}
    </fieldset>
  );
}
