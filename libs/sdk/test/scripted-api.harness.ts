import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the scripted API received it. */
export interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface Scripted {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** Drop the connection without answering (the client sees no answer at all). */
  hangUp?: boolean;
}

/**
 * A real HTTP server on loopback that answers what the test scripts, to see what the client sends and how it
 * handles each answer: the client's own HTTP handling, not the API's.
 */
export class ScriptedApi {
  readonly received: Received[] = [];
  private server?: http.Server;

  constructor(private answer: (request: Received, index: number) => Scripted | Promise<Scripted>) {}

  async listen(): Promise<string> {
    this.server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', async () => {
        const received = {
          method: request.method!,
          url: request.url!,
          headers: request.headers,
          body: Buffer.concat(chunks).toString(),
          at: Date.now(),
        };
        this.received.push(received);
        const scripted = await this.answer(received, this.received.length - 1);
        if (scripted.hangUp) return request.socket.destroy();
        const json = scripted.body === undefined ? '' : JSON.stringify(scripted.body);
        response.writeHead(scripted.status, { 'Content-Type': 'application/json', ...scripted.headers }).end(json);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

export const ok = (data: unknown, extra: Record<string, unknown> = {}): Scripted => ({
  status: 200,
  body: { data, meta: { code: 200, api_version: '1.0' }, ...extra },
});

/** The API's one error body (docs/api-conventions.md#errors). */
export const refused = (
  status: number,
  errorType: string,
  message: string,
  extra: { errors?: Record<string, string[]>; headers?: Record<string, string> } = {},
): Scripted => ({
  status,
  headers: { 'X-Request-Id': 'req-from-header', ...extra.headers },
  body: {
    error: message,
    meta: {
      code: status,
      api_version: '1.0',
      error_type: errorType,
      error_message: message,
      request_id: 'req-1',
      ...(extra.errors ? { errors: extra.errors } : {}),
    },
  },
});
