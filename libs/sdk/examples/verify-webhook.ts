import http from 'node:http';
import { verifyWebhook, WebhookVerificationError, type WebhookEvent } from '@commerce/sdk';

/** A webhook receiver: verify the raw body with the webhook's secret (`whsec_...`), then handle the typed event. */
export function webhookReceiver(secret: string, handle: (event: WebhookEvent) => void): http.Server {
  return http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        handle(verifyWebhook(secret, request.headers, Buffer.concat(chunks)));
        response.writeHead(204).end();
      } catch (error) {
        response.writeHead(error instanceof WebhookVerificationError ? 400 : 500).end();
      }
    });
  });
}

/** `event.type` narrows `event.data` to the record of its topic. */
export function summary(event: WebhookEvent): string {
  switch (event.type) {
    case 'product/created':
    case 'product/updated':
      return `product ${event.data.id} "${event.data.name}"`;
    case 'order/paid':
      return `order ${event.data.id} paid`;
    default:
      return event.type;
  }
}
