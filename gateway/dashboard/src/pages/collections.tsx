import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useClient } from '../api/client';
import { FieldError, FormError, FormProblems } from '../ui/field-errors';
import { formatTime } from '../ui/format';
import { useListParams } from '../ui/list-params';
import { useNotify } from '../ui/notices';
import { Pager } from '../ui/pager';
import { Failure, Loading } from '../ui/status';

const PAGE_SIZE = 25;
export const COLLECTION_FIELDS = ['name', 'description', 'products'];

/** Collections (docs/dashboard.md#collections): a page at a time, the page in the address. */
export function Collections(): ReactNode {
  const client = useClient();
  const { page, go } = useListParams();
  const collections = useQuery({
    queryKey: ['collections', { page, limit: PAGE_SIZE }],
    queryFn: async () => {
      const answer = await client.GET('/v1/collections', { params: { query: { page, limit: PAGE_SIZE } } });
      return { collections: answer.data.collections, pages: answer.pagination.total_pages };
    },
    placeholderData: keepPreviousData,
  });
  return (
    <section>
      <div className="heading">
        <h1>Collections</h1>
        <Link className="button" to="/collections/new">
          Add collection
        </Link>
      </div>
      {collections.isPending ? (
        <Loading what="collections" />
      ) : collections.isError ? (
        <Failure error={collections.error} retry={() => void collections.refetch()} />
      ) : collections.data.collections.length === 0 ? (
        <p>No collections yet.</p>
      ) : (
        <>
          <div className="table-scroll">
            <table className="list" aria-busy={collections.isFetching}>
              <thead>
                <tr>
                  <th scope="col">Collection</th>
                  <th scope="col" className="number">
                    Products
                  </th>
                  <th scope="col">Updated</th>
                </tr>
              </thead>
              <tbody>
                {collections.data.collections.map((collection) => (
                  <tr key={collection.id}>
                    <td>
                      <Link to={`/collections/${collection.id}`}>{collection.name}</Link>
                    </td>
                    <td className="number">{collection.products.length}</td>
                    <td>{formatTime(collection.updated_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} pages={collections.data.pages} onPage={(next) => go({ page: next })} />
        </>
      )}
    </section>
  );
}

/** A new collection: its name and description; its products once it exists. */
export function NewCollection(): ReactNode {
  const client = useClient();
  const navigate = useNavigate();
  const notify = useNotify();
  const queries = useQueryClient();
  const create = useMutation({
    mutationFn: async (form: FormData) =>
      (
        await client.POST('/v1/collections', {
          body: { name: String(form.get('name') ?? ''), description: String(form.get('description') ?? '') },
        })
      ).data,
    onSuccess: (collection) => {
      void queries.invalidateQueries({ queryKey: ['collections'] });
      queries.setQueryData(['collection', collection.id], collection);
      notify(`Collection “${collection.name}” created.`);
      navigate(`/collections/${collection.id}`);
    },
  });
  return (
    <section>
      <p>
        <Link to="/collections">← Collections</Link>
      </p>
      <h1>Add collection</h1>
      <CollectionForm
        problems={create.isError ? new FormProblems(create.error, COLLECTION_FIELDS) : FormProblems.none}
        pending={create.isPending}
        submitLabel="Create collection"
        onSubmit={(form) => create.mutate(form)}
      />
    </section>
  );
}

/** A collection's name and description. */
export function CollectionForm(props: {
  collection?: { name: string; description: string | null };
  problems: FormProblems;
  pending: boolean;
  submitLabel: string;
  onSubmit: (form: FormData) => void;
}): ReactNode {
  const { collection, problems, pending, submitLabel, onSubmit } = props;
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
          defaultValue={collection?.name}
          aria-describedby="name-error"
          aria-invalid={problems.of('name').length > 0}
        />
        <FieldError problems={problems} field="name" />
      </label>
      <label>
        Description
        <textarea name="description" rows={3} defaultValue={collection?.description ?? ''} aria-describedby="description-error" />
        <FieldError problems={problems} field="description" />
      </label>
      <button type="submit" disabled={pending}>
        {pending ? 'Saving…' : submitLabel}
      </button>
    </form>
  );
}
