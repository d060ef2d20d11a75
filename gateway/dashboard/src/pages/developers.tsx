import { CommerceApiError } from '@commerce/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useClient } from '../api/client';
import { beginSignIn, forgetTokens } from '../auth/session';
import { FieldError, FormError, FormProblems } from '../ui/field-errors';
import { formatTime } from '../ui/format';
import { useNotify } from '../ui/notices';
import { SecretOnce } from '../ui/secret-once';
import { Failure, Loading } from '../ui/status';

/**
 * Apps (docs/dashboard.md#apps): the store's API key, the apps the owner authorized, and the owner's developer apps,
 * through the account API (docs/oauth.md#the-account-api), which needs the `account` scope the dashboard asks for.
 */
export function Developers(): ReactNode {
  return (
    <section>
      <h1>Apps</h1>
      <p className="lead">Who may act on your store besides you: its API key, the apps you authorized, and the apps you develop.</p>
      <ApiKey />
      <AuthorizedApps />
      <DeveloperApps />
    </section>
  );
}

/** A refusal for want of the `account` scope: a session signed in before the dashboard asked for it signs in again. */
function AccountFailure({ error, retry }: { error: unknown; retry: () => void }): ReactNode {
  if (error instanceof CommerceApiError && error.errorType === 'InsufficientScope')
    return (
      <div className="failure" role="alert">
        <p>This session was signed in before the dashboard could manage your account. Sign in again to allow it.</p>
        <button
          type="button"
          onClick={() => {
            forgetTokens();
            void beginSignIn(location.pathname);
          }}
        >
          Sign in again
        </button>
      </div>
    );
  return <Failure error={error} retry={retry} />;
}

/** A new API key for the store, shown once; the old one stops working at once. */
function ApiKey(): ReactNode {
  const client = useClient();
  const notify = useNotify();
  const rotate = useMutation({
    mutationFn: async () => (await client.POST('/v1/store/api_key')).data,
    onSuccess: () => notify('A new API key was generated; the old one no longer works.'),
  });
  return (
    <section aria-labelledby="api-key">
      <h2 id="api-key">Store API key</h2>
      <p>
        The API key gives full access to the store’s data (not to your account). Generating a new one stops the current key at once,
        everywhere: give the new one to every integration that used it.
      </p>
      {rotate.isError &&
        (rotate.error instanceof CommerceApiError && rotate.error.errorType === 'InsufficientScope' ? (
          <AccountFailure error={rotate.error} retry={() => rotate.reset()} />
        ) : (
          <FormError problems={new FormProblems(rotate.error, [])} />
        ))}
      {rotate.isSuccess ? (
        <SecretOnce
          title="New API key"
          rows={[{ label: 'API key', value: rotate.data.api_key }]}
          note="Only its hash is kept, so it cannot be shown again; if it is lost, generate another."
        />
      ) : (
        <button
          type="button"
          className="danger"
          disabled={rotate.isPending}
          onClick={() => {
            if (confirm('Generate a new API key? The current key stops working at once.')) rotate.mutate();
          }}
        >
          {rotate.isPending ? 'Generating…' : 'Generate a new API key'}
        </button>
      )}
    </section>
  );
}

/** The apps the owner authorized, each revoked on request (its tokens end, and it hears `app/uninstalled`). */
function AuthorizedApps(): ReactNode {
  const client = useClient();
  const queries = useQueryClient();
  const notify = useNotify();
  const apps = useQuery({
    queryKey: ['authorized-apps'],
    queryFn: async () => (await client.GET('/v1/authorized_apps')).data.authorized_apps,
  });
  const revoke = useMutation({
    mutationFn: async (clientId: string) =>
      (await client.DELETE('/v1/authorized_apps/{client_id}', { params: { path: { client_id: clientId } } })).data,
    onSuccess: (revoked) => {
      void queries.invalidateQueries({ queryKey: ['authorized-apps'] });
      notify(`${revoked.name} can no longer use your account or your store.`);
    },
    onError: (error) => notify(new FormProblems(error, []).general ?? 'The app was not revoked.', 'refused'),
  });
  return (
    <section aria-labelledby="authorized-apps">
      <h2 id="authorized-apps">Authorized apps</h2>
      {apps.isPending ? (
        <Loading what="authorized apps" />
      ) : apps.isError ? (
        <AccountFailure error={apps.error} retry={() => void apps.refetch()} />
      ) : apps.data.length === 0 ? (
        <p>No app is authorized to use your account.</p>
      ) : (
        <div className="table-scroll">
          <table className="list">
            <thead>
              <tr>
                <th scope="col">App</th>
                <th scope="col">May</th>
                <th scope="col">Authorized</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {apps.data.map((app) => (
                <tr key={app.client_id}>
                  <th scope="row">{app.name}</th>
                  <td>{app.scopes.join(', ')}</td>
                  <td>{formatTime(app.authorized_at)}</td>
                  <td>
                    <button
                      type="button"
                      className="danger"
                      disabled={revoke.isPending}
                      aria-label={`Revoke ${app.name}`}
                      onClick={() => {
                        if (confirm(`Revoke ${app.name}? It can no longer use your account or your store.`)) revoke.mutate(app.client_id);
                      }}
                    >
                      {revoke.isPending && revoke.variables === app.client_id ? 'Revoking…' : 'Revoke'}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

const APP_FIELDS = ['name', 'redirect_uri'];

/** The owner's own OAuth apps: registered here (the client secret shown once) and deleted. */
function DeveloperApps(): ReactNode {
  const client = useClient();
  const queries = useQueryClient();
  const notify = useNotify();
  const [formKey, setFormKey] = useState(0);
  const apps = useQuery({ queryKey: ['developer-apps'], queryFn: async () => (await client.GET('/v1/apps')).data.apps });
  const create = useMutation({
    mutationFn: async (form: FormData) =>
      (
        await client.POST('/v1/apps', {
          body: { name: String(form.get('name') ?? ''), redirect_uri: String(form.get('redirect_uri') ?? '') },
        })
      ).data,
    onSuccess: (created) => {
      void queries.invalidateQueries({ queryKey: ['developer-apps'] });
      setFormKey((was) => was + 1);
      notify(`App ${created.name} created.`);
    },
  });
  const remove = useMutation({
    mutationFn: async (clientId: string) =>
      (await client.DELETE('/v1/apps/{client_id}', { params: { path: { client_id: clientId } } })).data,
    onSuccess: (deleted) => {
      void queries.invalidateQueries({ queryKey: ['developer-apps'] });
      void queries.invalidateQueries({ queryKey: ['authorized-apps'] });
      notify(`App ${deleted.name} deleted; every authorization it had is revoked.`);
    },
    onError: (error) => notify(new FormProblems(error, []).general ?? 'The app was not deleted.', 'refused'),
  });
  const problems = create.isError ? new FormProblems(create.error, APP_FIELDS) : FormProblems.none;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    create.mutate(new FormData(event.currentTarget));
  };
  return (
    <section aria-labelledby="developer-apps">
      <h2 id="developer-apps">Your developer apps</h2>
      <p>Apps you build register here for OAuth: store owners authorize them, and they act within the scopes they are given.</p>
      {apps.isPending ? (
        <Loading what="your apps" />
      ) : apps.isError ? (
        <AccountFailure error={apps.error} retry={() => void apps.refetch()} />
      ) : apps.data.length === 0 ? (
        <p>You have no apps.</p>
      ) : (
        <div className="table-scroll">
          <table className="list">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Client id</th>
                <th scope="col">Redirect URI</th>
                <th scope="col">Created</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {apps.data.map((app) => (
                <tr key={app.client_id}>
                  <th scope="row">{app.name}</th>
                  <td>
                    <code>{app.client_id}</code>
                  </td>
                  <td>{app.redirect_uri}</td>
                  <td>{formatTime(app.created_at)}</td>
                  <td>
                    <button
                      type="button"
                      className="danger"
                      disabled={remove.isPending}
                      aria-label={`Delete ${app.name}`}
                      onClick={() => {
                        if (confirm(`Delete ${app.name}? Every store owner's authorization of it is revoked.`))
                          remove.mutate(app.client_id);
                      }}
                    >
                      {remove.isPending && remove.variables === app.client_id ? 'Deleting…' : 'Delete'}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {create.isSuccess && (
        <SecretOnce
          title={`App ${create.data.name} created`}
          rows={[
            { label: 'Client id', value: create.data.client_id, secret: false },
            { label: 'Client secret', value: create.data.client_secret },
          ]}
          note={
            'The app authenticates with it at the token endpoint. Only its hash is kept: if it is lost, delete the app and ' +
            'create another.'
          }
        />
      )}
      <form key={formKey} className="form" onSubmit={submit} aria-labelledby="new-app">
        <h3 id="new-app">New app</h3>
        <FormError problems={problems} />
        <label>
          Name
          <input name="name" required maxLength={100} aria-describedby="name-error" aria-invalid={problems.of('name').length > 0} />
          <FieldError problems={problems} field="name" />
        </label>
        <label>
          Redirect URI
          <input
            name="redirect_uri"
            type="url"
            required
            placeholder="https://example.com/oauth/callback"
            aria-describedby="redirect_uri-error redirect_uri-help"
            aria-invalid={problems.of('redirect_uri').length > 0}
          />
          <span id="redirect_uri-help" className="help">
            https (http only to localhost), matched exactly when owners authorize the app.
          </span>
          <FieldError problems={problems} field="redirect_uri" />
        </label>
        <button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Saving…' : 'Create app'}
        </button>
      </form>
    </section>
  );
}
