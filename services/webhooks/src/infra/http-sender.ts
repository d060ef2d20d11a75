import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { OutgoingRequest, SendResult, WebhookSender } from '../app/webhooks-deps';

/** What is read of an answer's body before it is dropped (only the status and headers count). */
const MAX_BODY_BYTES = 64 * 1_024;
/** A result, and whether the connection was never made. */
type Attempted = SendResult & { connectFailed?: boolean };
/** An attempt, and whether it failed on a kept-alive connection the receiver had closed. */
type OnConnection = Attempted & { stale?: boolean };

/**
 * How long an idle kept-alive connection stays open: below the 5 s most servers keep one (Node's default), so the
 * receiver rarely closes it first.
 */
const IDLE_CONNECTION_MS = 4_000;
/** Connection pools kept (one per checked address, port and host name); the oldest is closed beyond this. */
const POOLS_KEPT = 1_000;
/** Errors of a kept-alive connection the receiver closed just as it was reused: the request goes again on a new connection. */
const STALE_CONNECTION = new Set(['ECONNRESET', 'EPIPE']);

/** Errors of a connection that was never made: nothing was sent, another address may be tried. */
const CONNECT_FAILURES = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL']);

/**
 * POSTs with node's http/https: connects to the address the worker checked (the lookup answers it, so DNS is
 * not asked again between the check and the connect), sends the url's host as Host and TLS server name, follows
 * no redirect (node's client never does: a 3xx is an answer like any other), and gives up after `timeoutMs` for
 * the whole exchange. Never throws. Connections are kept alive and reused, in one pool per checked address (and
 * port and host name): a reused connection goes to an address that was checked for that host, as a new one would.
 */
export class HttpSender implements WebhookSender {
  private readonly pools = new Map<string, http.Agent>();

  /** Closes the idle kept-alive connections. */
  close(): void {
    for (const agent of this.pools.values()) agent.destroy();
    this.pools.clear();
  }

  async send(request: OutgoingRequest): Promise<SendResult> {
    const deadline = Date.now() + request.timeoutMs;
    let result: Attempted = { error: 'no address to connect to' };
    for (const address of request.addresses) {
      const left = deadline - Date.now();
      if (left <= 0) return { error: `no answer within ${request.timeoutMs} ms` };
      result = await this.sendTo(request, address, left, request.timeoutMs, true);
      // Nothing reached the receiver: the next address may (a name with both an IPv6 and an IPv4 address).
      if (!result.connectFailed) break;
    }
    const { connectFailed: _connectFailed, ...answer } = result;
    return answer;
  }

  private sendTo(request: OutgoingRequest, address: string, timeoutMs: number, fullTimeoutMs: number, pooled: boolean): Promise<Attempted> {
    const startedAt = Date.now();
    return new Promise<OnConnection>((resolve) => {
      const url = new URL(request.url);
      const family = isIP(address);
      const lookup: LookupFunction = (_hostname, options, callback) => {
        if ((options as { all?: boolean }).all)
          (callback as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [{ address, family }]);
        else callback(null, address, family);
      };
      const client = url.protocol === 'https:' ? https : http;
      let settled = false;
      const finish = (result: OnConnection) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(result);
      };
      const req = client.request(
        url,
        {
          method: 'POST',
          headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
          lookup,
          agent: pooled ? this.poolOf(url, address) : false,
        },
        (res) => {
          const status = res.statusCode ?? 0;
          const header = res.headers['webhook-delivery'];
          const deliveryHeader = Array.isArray(header) ? header.join(',') : header;
          let read = 0;
          res.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > MAX_BODY_BYTES) res.destroy();
          });
          const done = () => finish({ status_code: status, ...(deliveryHeader !== undefined ? { delivery_header: deliveryHeader } : {}) });
          res.on('end', done);
          res.on('close', done);
          res.on('error', done);
        },
      );
      const timer = setTimeout(() => {
        finish({ error: `no answer within ${fullTimeoutMs} ms` });
        req.destroy();
      }, timeoutMs);
      req.on('error', (error: NodeJS.ErrnoException) =>
        finish({
          error: error.code ? `${error.code}: ${error.message}` : error.message,
          connectFailed: CONNECT_FAILURES.has(error.code ?? ''),
          stale: req.reusedSocket && STALE_CONNECTION.has(error.code ?? ''),
        }),
      );
      req.end(request.body);
    }).then(({ stale, ...result }) => {
      const left = timeoutMs - (Date.now() - startedAt);
      return stale && left > 0 ? this.sendTo(request, address, left, fullTimeoutMs, false) : result;
    });
  }

  private poolOf(url: URL, address: string): http.Agent {
    const key = `${url.protocol}|${address}|${url.port}|${url.hostname}`;
    let agent = this.pools.get(key);
    if (!agent) {
      const options = { keepAlive: true, timeout: IDLE_CONNECTION_MS, scheduling: 'lifo' as const };
      agent = url.protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
      if (this.pools.size >= POOLS_KEPT) {
        const [oldestKey, oldest] = this.pools.entries().next().value!;
        oldest.destroy();
        this.pools.delete(oldestKey);
      }
      this.pools.set(key, agent);
    }
    return agent;
  }
}
