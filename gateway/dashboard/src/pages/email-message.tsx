import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useClient } from '../api/client';
import { formatTime } from '../ui/format';
import { HtmlPreview } from '../ui/html-preview';
import { Badge, Failure, Loading } from '../ui/status';

/** One message of the log (docs/dashboard.md#e-mail): its headers, what became of each attempt, and its two parts. */
export function EmailMessagePage(): ReactNode {
  const client = useClient();
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const message = useQuery({
    queryKey: ['notification', id],
    queryFn: async () => (await client.GET('/v1/notifications/{id}', { params: { path: { id } } })).data.notification,
    enabled: valid,
  });
  if (!valid) return <Failure error={new Error('There is no such message.')} />;
  if (message.isPending) return <Loading what={`message ${id}`} />;
  if (message.isError) return <Failure error={message.error} retry={() => void message.refetch()} />;
  const mail = message.data;
  return (
    <article>
      <p>
        <Link to="/email">← E-mail</Link>
      </p>
      <h1>
        {mail.subject || '(no subject)'} <Badge value={mail.status} />
      </h1>
      <dl className="facts">
        <dt>To</dt>
        <dd>{mail.to}</dd>
        <dt>From</dt>
        <dd>{mail.from}</dd>
        <dt>Reply-To</dt>
        <dd>{mail.reply_to || '—'}</dd>
        <dt>Order</dt>
        <dd>
          <Link to={`/orders/${mail.order_id}`}>#{mail.order_id}</Link>
        </dd>
        <dt>Made</dt>
        <dd>{formatTime(mail.created_at)}</dd>
        <dt>{mail.status === 'pending' ? 'Next attempt' : 'Sent'}</dt>
        <dd>{formatTime(mail.status === 'pending' ? mail.next_attempt_at : mail.sent_at)}</dd>
        <dt>Message-ID</dt>
        <dd className="wrap">{mail.message_id}</dd>
      </dl>
      {mail.status === 'kept' && <p>No mail server is set up, so this message was kept here and not sent.</p>}
      <h2>Attempts</h2>
      {mail.attempts.length === 0 ? (
        <p>{mail.status === 'kept' ? 'None.' : 'None yet.'}</p>
      ) : (
        <div className="table-scroll">
          <table className="list">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Outcome</th>
                <th scope="col">The server’s answer</th>
              </tr>
            </thead>
            <tbody>
              {mail.attempts.map((attempt, index) => (
                <tr key={index}>
                  <td>{formatTime(attempt.attempted_at)}</td>
                  <td>
                    <Badge value={attempt.outcome} />
                  </td>
                  <td>{attempt.answer}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h2>Message</h2>
      <HtmlPreview title={`The message “${mail.subject}”`} html={mail.html} />
      <details>
        <summary>Text part</summary>
        <pre className="text-part">{mail.text}</pre>
      </details>
    </article>
  );
}
