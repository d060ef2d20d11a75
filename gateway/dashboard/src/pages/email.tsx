import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useClient } from '../api/client';
import { formatTime } from '../ui/format';
import { useListParams } from '../ui/list-params';
import { SettingsNav } from '../ui/settings-nav';
import { Badge, Failure, Loading } from '../ui/status';

/** The log's status filters, as GET /v1/notifications takes them (docs/notifications-api.md#the-message-log); "" is every message. */
const FILTERS = [
  { value: '', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'sent', label: 'Sent' },
  { value: 'failed', label: 'Failed' },
  { value: 'kept', label: 'Kept (not sent)' },
] as const;
const STATUSES = FILTERS.map((filter) => filter.value);
const PAGE_SIZE = 25;

/** E-mail (docs/dashboard.md#e-mail): the store's five e-mail templates, and the log of the messages its orders made. */
export function Email(): ReactNode {
  return (
    <section>
      <h1>E-mail</h1>
      <SettingsNav />
      <EmailTemplates />
      <MessageLog />
    </section>
  );
}

function EmailTemplates(): ReactNode {
  const client = useClient();
  const templates = useQuery({
    queryKey: ['email-templates'],
    queryFn: async () => (await client.GET('/v1/store/email_templates')).data.email_templates,
  });
  return (
    <section aria-labelledby="email-templates">
      <h2 id="email-templates">Templates</h2>
      {templates.isPending ? (
        <Loading what="e-mail templates" />
      ) : templates.isError ? (
        <Failure error={templates.error} retry={() => void templates.refetch()} />
      ) : (
        <div className="table-scroll">
          <table className="list">
            <thead>
              <tr>
                <th scope="col">E-mail</th>
                <th scope="col">To</th>
                <th scope="col">Markup</th>
                <th scope="col">Changed</th>
              </tr>
            </thead>
            <tbody>
              {templates.data.map((template) => (
                <tr key={template.id}>
                  <td>
                    <Link to={`/email/templates/${template.id}`}>{template.name}</Link>
                  </td>
                  <td>{template.recipient === 'store' ? 'the store' : 'the buyer'}</td>
                  <td>
                    <Badge value={template.customized ? 'customized' : 'default'} />
                  </td>
                  <td>{formatTime(template.updated_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** Newest first, a page at a time by cursor (`older_than_id`); the filter and the cursor live in the address. */
function MessageLog(): ReactNode {
  const client = useClient();
  const { status, olderThan, go } = useListParams(STATUSES);
  const messages = useQuery({
    queryKey: ['notifications', { status, olderThan }],
    queryFn: async () => {
      const query = { limit: PAGE_SIZE, ...(status ? { status } : {}), ...(olderThan ? { older_than_id: olderThan } : {}) };
      const answer = await client.GET('/v1/notifications', { params: { query } });
      return { messages: answer.data.notifications, more: Boolean(answer.pagination.next_url) };
    },
    placeholderData: keepPreviousData,
  });
  const last = messages.data?.messages.at(-1);
  return (
    <section aria-labelledby="message-log">
      <h2 id="message-log">Message log</h2>
      <nav aria-label="Message status" className="filters">
        {FILTERS.map((filter) => (
          <button key={filter.value} type="button" aria-pressed={filter.value === status} onClick={() => go({ status: filter.value })}>
            {filter.label}
          </button>
        ))}
      </nav>
      {messages.isPending ? (
        <Loading what="messages" />
      ) : messages.isError ? (
        <Failure error={messages.error} retry={() => void messages.refetch()} />
      ) : messages.data.messages.length === 0 ? (
        <p>
          No messages{status ? ` with the status “${status}”` : ''}
          {olderThan ? ' older than these' : ' yet'}.
        </p>
      ) : (
        <div className="table-scroll">
          <table className="list" aria-busy={messages.isFetching}>
            <thead>
              <tr>
                <th scope="col">Made</th>
                <th scope="col">Subject</th>
                <th scope="col">To</th>
                <th scope="col">Order</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {messages.data.messages.map((message) => (
                <tr key={message.id}>
                  <td>{formatTime(message.created_at)}</td>
                  <td>
                    <Link to={`/email/messages/${message.id}`}>{message.subject || '(no subject)'}</Link>
                  </td>
                  <td>{message.to}</td>
                  <td>
                    <Link to={`/orders/${message.order_id}`}>#{message.order_id}</Link>
                  </td>
                  <td>
                    <Badge value={message.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {(olderThan > 0 || messages.data?.more) && (
        <nav aria-label="Pages" className="pager">
          <button type="button" disabled={olderThan === 0} onClick={() => go({})}>
            Newest
          </button>
          <button type="button" disabled={!messages.data?.more || !last} onClick={() => last && go({ olderThan: last.id })}>
            Older
          </button>
        </nav>
      )}
    </section>
  );
}
