import { PUBLIC_TOPICS } from '@commerce/events';
import { verifyWebhook, WebhookVerificationError, WEBHOOK_TOPICS, type WebhookEvent } from '@commerce/sdk';
import { Webhook } from 'standardwebhooks';

/** Deliveries signed as the webhooks service signs them (docs/webhooks.md#the-request), with the same package. */
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

function delivery(event: unknown, { at = new Date(), secret = SECRET } = {}) {
  const body = JSON.stringify(event);
  const id = 'msg_7d1c2a4e';
  return {
    body,
    headers: {
      'Content-Type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign(id, at, body),
    },
  };
}

const PRODUCT_UPDATED = { type: 'product/updated', timestamp: '2026-01-01T00:00:00.000Z', data: { id: 42, name: 'Sencha' } };

describe('verifyWebhook (Standard Webhooks)', () => {
  it('answers the event of a delivery that verifies, its data typed by its topic', () => {
    const { body, headers } = delivery(PRODUCT_UPDATED);

    const event: WebhookEvent = verifyWebhook(SECRET, headers, body);

    expect(event).toEqual(PRODUCT_UPDATED);
    if (event.type !== 'product/updated') throw new Error('narrowing');
    const name: string = event.data.name; // a Product: `const n: number = event.data.name` does not compile
    expect(name).toBe('Sencha');
  });

  it("takes headers as node's IncomingMessage has them (any case, lists) or as fetch's Headers, and the body as bytes", () => {
    const { body, headers } = delivery(PRODUCT_UPDATED);
    const upper = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toUpperCase(), [value]]));

    expect(verifyWebhook(SECRET, upper, Buffer.from(body))).toEqual(PRODUCT_UPDATED);
    expect(verifyWebhook(SECRET, new Headers(headers), new TextEncoder().encode(body))).toEqual(PRODUCT_UPDATED);
  });

  const { body, headers } = delivery(PRODUCT_UPDATED);
  const other = delivery(PRODUCT_UPDATED, { secret: 'whsec_' + Buffer.alloc(24, 7).toString('base64') });
  const stale = delivery(PRODUCT_UPDATED, { at: new Date(Date.now() - 6 * 60_000) });
  const { 'webhook-signature': _, ...unsigned } = headers;
  it.each([
    ['signed with another secret', other.headers, other.body],
    ['with a changed body', headers, body.replace('Sencha', 'Gyokuro')],
    ['without a signature', unsigned, body],
    ['signed 6 minutes ago', stale.headers, stale.body],
  ])('throws WebhookVerificationError for a delivery %s', (_why, given, raw) => {
    expect(() => verifyWebhook(SECRET, given, raw)).toThrow(WebhookVerificationError);
  });

  it('refuses a signed body that is not an event', () => {
    const { body, headers } = delivery({ hello: 'world' });
    expect(() => verifyWebhook(SECRET, headers, body)).toThrow(
      new WebhookVerificationError('The body is not an event: {type, timestamp, data} expected'),
    );
  });
});

describe('the topics the SDK types', () => {
  it("are the platform's public topics (libs/events/src/event-topics.ts) and the test ping", () => {
    expect([...WEBHOOK_TOPICS].sort()).toEqual([...PUBLIC_TOPICS, 'webhook/test'].sort());
  });
});
