import type { components } from '@commerce/sdk';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useClient, useStore } from '../api/client';
import { FieldError, FormError, FormProblems } from '../ui/field-errors';
import { formatTime } from '../ui/format';
import { useListParams } from '../ui/list-params';
import { useNotify } from '../ui/notices';
import { Badge, Failure, Loading } from '../ui/status';
import { instantOfLocalInput, knownZone, localInputOf } from '../ui/store-time';
import { TopicPicker } from '../ui/topic-picker';
import { WEBHOOK_FIELDS } from './webhooks';

type Webhook = components['schemas']['Webhook'];
type Delivery = components['schemas']['Delivery'];

const PAGE_SIZE = 20;
/** The newest page is a live view: it is read again this often, as deliveries come in. */
const LIVE_REFRESH_MS = 3_000;

/** One webhook (docs/dashboard.md#a-webhook): a test ping, a replay, its deliveries log, and its settings. */
export function WebhookPage(): ReactNode {
  const client = useClient();
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const webhook = useQuery({
    queryKey: ['webhook', id],
    queryFn: async () => (await client.GET('/v1/webhooks/{id}', { params: { path: { id } } })).data,
    enabled: valid,
  });
  if (!valid) return <Failure error={new Error('There is no such webhook.')} />;
  if (webhook.isPending) return <Loading what={`webhook ${id}`} />;
  if (webhook.isError) return <Failure error={webhook.error} retry={() => void webhook.refetch()} />;
  return <WebhookView webhook={webhook.data} />;
}

function WebhookView({ webhook }: { webhook: Webhook }): ReactNode {
  return (
    <article>
      <p>
        <Link to="/webhooks">← Webhooks</Link>
      </p>
      <h1 className="url-heading">
        {webhook.url} <Badge value={webhook.status} />
      </h1>
      {webhook.disabled_reason && <p className="lead">Disabled: {webhook.disabled_reason}.</p>}
      <section aria-labelledby="send">
        <h2 id="send">Send</h2>
        <div className="send-row">
          <TestPing webhook={webhook} />
          <Replay webhook={webhook} />
        </div>
      </section>
      <Deliveries webhook={webhook} />
      <section aria-labelledby="settings">
        <h2 id="settings">Settings</h2>
        <WebhookForm webhook={webhook} />
      </section>
    </article>
  );
}

/** URL, topics and whether it is active, saved together; and deleting it. */
function WebhookForm({ webhook }: { webhook: Webhook }): ReactNode {
  const client = useClient();
  const queries = useQueryClient();
  const notify = useNotify();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(webhook.events));
  const path = { params: { path: { id: webhook.id } } };
  const save = useMutation({
    mutationFn: async (form: FormData) =>
      (
        await client.PUT('/v1/webhooks/{id}', {
          ...path,
          body: { url: String(form.get('url') ?? ''), events: [...chosen], enabled: form.get('enabled') === 'on' },
        })
      ).data,
    onSuccess: (saved) => {
      queries.setQueryData(['webhook', webhook.id], saved);
      void queries.invalidateQueries({ queryKey: ['webhooks'] });
      notify(`Saved the webhook to ${saved.url}.`);
    },
  });
  const remove = useMutation({
    mutationFn: async () => (await client.DELETE('/v1/webhooks/{id}', path)).data,
    onSuccess: (deleted) => {
      void queries.invalidateQueries({ queryKey: ['webhooks'] });
      queries.removeQueries({ queryKey: ['webhook', webhook.id] });
      notify(`Deleted the webhook to ${deleted.url}.`);
      navigate('/webhooks');
    },
    onError: (error) => notify(new FormProblems(error, []).general ?? 'The webhook was not deleted.', 'refused'),
  });
  const problems = save.isError ? new FormProblems(save.error, WEBHOOK_FIELDS) : FormProblems.none;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(new FormData(event.currentTarget));
  };
  return (
    <form className="form wide" onSubmit={submit} aria-label="Webhook settings">
      <FormError problems={problems} />
      <label>
        URL
        <input
          name="url"
          type="url"
          required
          defaultValue={webhook.url}
          aria-describedby="url-error"
          aria-invalid={problems.of('url').length > 0}
        />
        <FieldError problems={problems} field="url" />
      </label>
      <TopicPicker chosen={chosen} onChange={setChosen} problems={problems} />
      <label className="check">
        <input type="checkbox" name="enabled" defaultChecked={webhook.status === 'active'} key={webhook.status} /> Active: receives
        deliveries
      </label>
      <div className="actions">
        <button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </button>
        <button
          type="button"
          className="danger"
          disabled={remove.isPending}
          onClick={() => {
            if (confirm(`Delete the webhook to ${webhook.url}? Deliveries still waiting are dropped.`)) remove.mutate();
          }}
        >
          {remove.isPending ? 'Deleting…' : 'Delete webhook'}
        </button>
      </div>
    </form>
  );
}

/** A `webhook/test` event to this webhook only (docs/webhooks.md#test-ping). */
function TestPing({ webhook }: { webhook: Webhook }): ReactNode {
  const client = useClient();
  const queries = useQueryClient();
  const notify = useNotify();
  const ping = useMutation({
    mutationFn: async () => (await client.POST('/v1/webhooks/{id}/test', { params: { path: { id: webhook.id } } })).data,
    onSuccess: (delivery) => {
      void queries.invalidateQueries({ queryKey: ['deliveries', webhook.id] });
      notify(`Test ping sent: delivery #${delivery.id}.`);
    },
    onError: (error) => notify(new FormProblems(error, []).general ?? 'The test ping was not sent.', 'refused'),
  });
  return (
    <div className="send-block">
      <p>A signed test event to this webhook only, whatever its topics.</p>
      <button type="button" disabled={ping.isPending} onClick={() => ping.mutate()}>
        {ping.isPending ? 'Sending…' : 'Send test ping'}
      </button>
    </div>
  );
}

/** Every kept event since a time, of the webhook's topics, delivered again (docs/webhooks.md#replay-since-a-time). */
function Replay({ webhook }: { webhook: Webhook }): ReactNode {
  const store = useStore();
  if (store.isPending) return <Loading what="the store’s time zone" />;
  if (store.isError) return <Failure error={store.error} retry={() => void store.refetch()} />;
  return <ReplayForm webhook={webhook} timeZone={knownZone(store.data.time_zone)} />;
}

/** The replay's form: the time is typed in the store's zone, as every time the dashboard shows (docs/dashboard.md#times). */
function ReplayForm({ webhook, timeZone }: { webhook: Webhook; timeZone: string }): ReactNode {
  const client = useClient();
  const queries = useQueryClient();
  const notify = useNotify();
  const replay = useMutation({
    mutationFn: async (since: number) =>
      (await client.POST('/v1/webhooks/{id}/replay', { params: { path: { id: webhook.id } }, body: { since } })).data,
    onSuccess: (answer) => {
      void queries.invalidateQueries({ queryKey: ['deliveries', webhook.id] });
      notify(
        `Replay: ${answer.events} event${answer.events === 1 ? '' : 's'} found, ` +
          `${answer.scheduled} deliver${answer.scheduled === 1 ? 'y' : 'ies'} scheduled.`,
      );
    },
  });
  // The default, an hour before the page opened: read once, so a re-render does not move it.
  const [anHourAgo] = useState(() => localInputOf(new Date(Date.now() - 60 * 60_000).toISOString(), timeZone));
  const problems = replay.isError ? new FormProblems(replay.error, ['since']) : FormProblems.none;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const at = instantOfLocalInput(String(new FormData(event.currentTarget).get('since') ?? ''), timeZone);
    // An unreadable time goes as it is: the API names the field.
    replay.mutate(at === null ? Number.NaN : Math.floor(at / 1000));
  };
  return (
    <form className="send-block" onSubmit={submit} aria-label="Replay events">
      <FormError problems={problems} />
      <label>
        Deliver again every event since
        <input name="since" type="datetime-local" required defaultValue={anHourAgo} aria-describedby="since-error since-help" />
        <span id="since-help" className="help">
          The store’s time ({timeZone}). Events are kept 30 days; only this webhook’s topics are sent.
        </span>
        <FieldError problems={problems} field="since" />
      </label>
      <button type="submit" disabled={replay.isPending}>
        {replay.isPending ? 'Replaying…' : 'Replay'}
      </button>
    </form>
  );
}

/** The deliveries log: newest first, a page at a time by cursor (`older_than_id` in the address), each retried on request. */
function Deliveries({ webhook }: { webhook: Webhook }): ReactNode {
  const client = useClient();
  const { olderThan: older, go: goList } = useListParams();
  const deliveries = useQuery({
    queryKey: ['deliveries', webhook.id, older],
    queryFn: async () => {
      const query = { limit: PAGE_SIZE, ...(older ? { older_than_id: older } : {}) };
      const answer = await client.GET('/v1/webhooks/{id}/deliveries', { params: { path: { id: webhook.id }, query } });
      return { deliveries: answer.data.deliveries, hasOlder: answer.pagination.next_url !== null };
    },
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      older === 0 || query.state.data?.deliveries.some((delivery) => delivery.status === 'pending') ? LIVE_REFRESH_MS : false,
  });
  const go = (olderThan: number) => goList({ olderThan });
  return (
    <section aria-labelledby="deliveries">
      <div className="heading">
        <h2 id="deliveries">Deliveries</h2>
        <button type="button" className="secondary" onClick={() => void deliveries.refetch()} disabled={deliveries.isFetching}>
          {deliveries.isFetching ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      {deliveries.isPending ? (
        <Loading what="deliveries" />
      ) : deliveries.isError ? (
        <Failure error={deliveries.error} retry={() => void deliveries.refetch()} />
      ) : deliveries.data.deliveries.length === 0 ? (
        <p>{older ? 'No older deliveries.' : 'Nothing delivered yet: send a test ping, or wait for an event of its topics.'}</p>
      ) : (
        <div className="table-scroll">
          <table className="list deliveries">
            <thead>
              <tr>
                <th scope="col">Delivery</th>
                <th scope="col">Topic</th>
                <th scope="col">Status</th>
                <th scope="col" className="number">
                  Attempts
                </th>
                <th scope="col">Response</th>
                <th scope="col" className="number">
                  Duration
                </th>
                <th scope="col">Created</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {deliveries.data.deliveries.map((delivery) => (
                <DeliveryRow key={delivery.id} webhook={webhook} delivery={delivery} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {(older > 0 || deliveries.data?.hasOlder) && (
        <nav aria-label="Delivery pages" className="pager">
          <button type="button" disabled={older === 0} onClick={() => go(0)}>
            Newest
          </button>
          <button type="button" disabled={!deliveries.data?.hasOlder} onClick={() => go(deliveries.data?.deliveries.at(-1)?.id ?? 0)}>
            Older
          </button>
        </nav>
      )}
    </section>
  );
}

function DeliveryRow({ webhook, delivery }: { webhook: Webhook; delivery: Delivery }): ReactNode {
  const client = useClient();
  const queries = useQueryClient();
  const notify = useNotify();
  const retry = useMutation({
    mutationFn: async () =>
      (
        await client.POST('/v1/webhooks/{id}/deliveries/{delivery_id}/retry', {
          params: { path: { id: webhook.id, delivery_id: delivery.id } },
        })
      ).data,
    onSuccess: () => {
      void queries.invalidateQueries({ queryKey: ['deliveries', webhook.id] });
      notify(`Delivery #${delivery.id} is being sent again.`);
    },
    onError: (error) => notify(new FormProblems(error, []).general ?? 'The delivery was not retried.', 'refused'),
  });
  const last = delivery.attempts.at(-1);
  const problem = last?.error ?? delivery.last_error;
  return (
    <tr>
      <th scope="row">#{delivery.id}</th>
      <td>{delivery.topic}</td>
      <td>
        <Badge value={delivery.status} />
        {delivery.status === 'pending' && delivery.next_attempt_at && delivery.attempts.length > 0 && (
          <span className="note"> next {formatTime(delivery.next_attempt_at)}</span>
        )}
      </td>
      <td className="number">{delivery.attempts.length}</td>
      <td>
        {last ? (last.status_code ?? 'No answer') : '—'}
        {problem && <span className="note">{problem}</span>}
      </td>
      <td className="number">{last ? `${last.duration_ms} ms` : '—'}</td>
      <td>{formatTime(delivery.created_at)}</td>
      <td>
        <button
          type="button"
          className="secondary"
          disabled={retry.isPending}
          onClick={() => retry.mutate()}
          aria-label={`Retry delivery #${delivery.id}`}
        >
          {retry.isPending ? 'Retrying…' : 'Retry'}
        </button>
      </td>
    </tr>
  );
}
