import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request that reached the receiver and verified with the webhook's secret. */
export interface Arrival {
  webhookId: string;
  topic: string;
  /** `data.id` of the body: the resource the event is about. */
  resourceId: number;
  body: { type: string; timestamp: string; data: { id?: number; name?: string; [field: string]: unknown } };
  /** What the receiver answered (2xx: accepted). */
  status: number;
  at: number;
}

/**
 * A webhook receiver on loopback, as an app would run one: every request is verified with the `standardwebhooks`
 * package (the secret the create answered) on the raw body; a request that does not verify is answered 400 and
 * counted in `rejected`. Accepted ids are deduplicated: a `webhook-id` accepted before is a repeat (answered 204
 * again, counted in `repeats`), never accepted twice. `mode` decides the answer: `up` (204), `down` (503).
 */
export class WebhookReceiver {
  readonly arrivals: Arrival[] = [];
  /** Every `webhook-id` accepted (first 2xx), in the order of acceptance. */
  readonly accepted = new Map<string, Arrival>();
  /** webhook-id → how many times it arrived again after it was accepted. */
  readonly repeats = new Map<string, number>();
  /** webhook-id → how many requests for it were answered with a failure (down). */
  readonly failedAttempts = new Map<string, number>();
  readonly rejected: string[] = [];
  mode: 'up' | 'down' = 'up';
  /** How long each answer waits (a receiver that takes its time, to have deliveries in flight). */
  delayMs = 0;
  private server?: http.Server;
  private verifiers = new Map<string, Webhook>();

  /** Path of each webhook → its secret (`whsec_...`). */
  secretFor(pathname: string, secret: string): void {
    this.verifiers.set(pathname, new Webhook(secret));
  }

  async listen(port = 0): Promise<string> {
    this.server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => this.handle(request, response, Buffer.concat(chunks).toString('utf8')));
    });
    this.server.keepAliveTimeout = 30_000;
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  get port(): number {
    return (this.server!.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    if (!this.server) return;
    const server = this.server;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Accepted arrivals of one topic, in the order they were accepted. */
  acceptedOf(topic: string): Arrival[] {
    return [...this.accepted.values()].filter((arrival) => arrival.topic === topic);
  }

  private handle(request: http.IncomingMessage, response: http.ServerResponse, raw: string): void {
    const verifier = this.verifiers.get(request.url ?? '');
    const webhookId = String(request.headers['webhook-id'] ?? '');
    let body: Arrival['body'];
    try {
      if (!verifier) throw new Error(`no secret for ${request.url}`);
      body = verifier.verify(raw, request.headers as Record<string, string>) as Arrival['body'];
    } catch (error) {
      this.rejected.push(`${request.url} ${webhookId}: ${(error as Error).message}`);
      response.writeHead(400).end();
      return;
    }
    const arrival: Arrival = {
      webhookId,
      topic: String(request.headers['x-webhook-topic'] ?? ''),
      resourceId: Number(body.data?.id),
      body,
      status: 204,
      at: Date.now(),
    };
    if (this.mode === 'down') {
      arrival.status = 503;
      this.failedAttempts.set(webhookId, (this.failedAttempts.get(webhookId) ?? 0) + 1);
    } else if (this.accepted.has(webhookId)) {
      this.repeats.set(webhookId, (this.repeats.get(webhookId) ?? 0) + 1);
    } else {
      this.accepted.set(webhookId, arrival);
    }
    this.arrivals.push(arrival);
    if (this.delayMs > 0) setTimeout(() => response.writeHead(arrival.status).end(), this.delayMs);
    else response.writeHead(arrival.status).end();
  }
}
