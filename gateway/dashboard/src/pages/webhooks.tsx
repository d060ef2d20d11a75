import type { components } from '@commerce/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useClient } from '../api/client';
import { FieldError, FormError, FormProblems } from '../ui/field-errors';
import { formatTime } from '../ui/format';
import { useNotify } from '../ui/notices';
import { SecretOnce } from '../ui/secret-once';
import { Badge, Failure, Loading } from '../ui/status';
import { TopicPicker } from '../ui/topic-picker';

type CreatedWebhook = components['schemas']['CreatedWebhook'];

export const WEBHOOK_FIELDS = ['url', 'events', 'enabled'];
/** docs/webhooks.md#rules-and-errors: a store has at most 50. */
const MOST_WEBHOOKS = 50;

/** Webhooks (docs/dashboard.md#webhooks): the store's webhooks, oldest first (unpaged: at most 50). */
export function Webhooks(): ReactNode {
  const client = useClient();
  const webhooks = useQuery({ queryKey: ['webhooks'], queryFn: async () => (await client.GET('/v1/webhooks')).data.webhooks });
  return (
    <section>
      <div className="heading">
        <h1>Webhooks</h1>
        {webhooks.data && webhooks.data.length < MOST_WEBHOOKS && (
          <Link className="button" to="/webhooks/new">
            Add webhook
          </Link>
        )}
      </div>
      <p className="lead">
        Each webhook receives the store’s events of its topics as signed POSTs to its URL; its page shows what was delivered and sends again
        what was missed.
      </p>
      {webhooks.isPending ? (
        <Loading what="webhooks" />
      ) : webhooks.isError ? (
        <Failure error={webhooks.error} retry={() => void webhooks.refetch()} />
      ) : webhooks.data.length === 0 ? (
        <p>No webhooks yet.</p>
      ) : (
        <div className="table-scroll">
          <table className="list">
            <thead>
              <tr>
                <th scope="col">URL</th>
                <th scope="col">Topics</th>
                <th scope="col">Status</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {webhooks.data.map((webhook) => (
                <tr key={webhook.id}>
                  <td className="url-cell">
                    <Link to={`/webhooks/${webhook.id}`}>{webhook.url}</Link>
                  </td>
                  <td>{topicSummary(webhook.events)}</td>
                  <td>
                    <Badge value={webhook.status} />
                  </td>
                  <td>{formatTime(webhook.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {webhooks.data && webhooks.data.length >= MOST_WEBHOOKS && (
        <p>A store has at most {MOST_WEBHOOKS} webhooks: delete one to add another.</p>
      )}
    </section>
  );
}

function topicSummary(events: readonly string[]): string {
  if (events.length <= 3) return events.join(', ');
  return `${events.slice(0, 2).join(', ')} and ${events.length - 2} more`;
}

/** A new webhook: its URL and topics; then, once, its signing secret (docs/webhooks.md#the-signing-secret). */
export function NewWebhook(): ReactNode {
  const client = useClient();
  const queries = useQueryClient();
  const notify = useNotify();
  const [chosen, setChosen] = useState<Set<string>>(() => new Set());
  const create = useMutation({
    mutationFn: async (url: string) => (await client.POST('/v1/webhooks', { body: { url, events: [...chosen] } })).data as CreatedWebhook,
    onSuccess: (webhook) => {
      void queries.invalidateQueries({ queryKey: ['webhooks'] });
      notify(`Webhook to ${webhook.url} created.`);
    },
  });
  const problems = create.isError ? new FormProblems(create.error, WEBHOOK_FIELDS) : FormProblems.none;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    create.mutate(String(new FormData(event.currentTarget).get('url') ?? ''));
  };
  return (
    <section>
      <p>
        <Link to="/webhooks">← Webhooks</Link>
      </p>
      <h1>Add webhook</h1>
      {create.isSuccess ? (
        <SecretOnce
          title="Signing secret"
          rows={[{ label: 'Signing secret', value: create.data.secret }]}
          note={
            'Your receiver verifies every delivery with it (the Standard Webhooks signature). The store keeps it encrypted ' +
            'and never shows it again: if it is lost, delete the webhook and add a new one.'
          }
        >
          <p>
            <Link className="button" to={`/webhooks/${create.data.id}`}>
              Go to the webhook
            </Link>
          </p>
        </SecretOnce>
      ) : (
        <form className="form wide" onSubmit={submit}>
          <FormError problems={problems} />
          <label>
            URL
            <input
              name="url"
              type="url"
              required
              placeholder="https://example.com/hooks/shop"
              aria-describedby="url-error url-help"
              aria-invalid={problems.of('url').length > 0}
            />
            <span id="url-help" className="help">
              Where the events are POSTed: a public http or https address.
            </span>
            <FieldError problems={problems} field="url" />
          </label>
          <TopicPicker chosen={chosen} onChange={setChosen} problems={problems} />
          <button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Saving…' : 'Create webhook'}
          </button>
        </form>
      )}
    </section>
  );
}
