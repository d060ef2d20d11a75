import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { OutgoingRequest, SendResult, WebhookSender } from '../app/delivery-deps';

/** What is read of an answer's body before it is dropped (only the status and headers count). */
const MAX_BODY_BYTES = 64 * 1_024;
/** A result, and whether the connection was never made. */
type Attempted = SendResult & { connectFailed?: boolean };

/** Errors of a connection that was never made: nothing was sent, another address may be tried. */
const CONNECT_FAILURES = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL']);

/**
 * POSTs with node's http/https: connects to the address the worker checked (the lookup answers it, so DNS is
 * not asked again between the check and the connect), sends the url's host as Host and TLS server name, follows
 * no redirect (node's client never does: a 3xx is an answer like any other), and gives up after `timeoutMs` for
 * the whole exchange. Never throws.
 */
export class HttpSender implements WebhookSender {
  async send(request: OutgoingRequest): Promise<SendResult> {
    const deadline = Date.now() + request.timeoutMs;
    let result: Attempted = { error: 'no address to connect to' };
    for (const address of request.addresses) {
      const left = deadline - Date.now();
      if (left <= 0) return { error: `no answer within ${request.timeoutMs} ms` };
      result = await this.sendTo(request, address, left, request.timeoutMs);
      // Nothing reached the receiver: the next address may (a name with both an IPv6 and an IPv4 address).
      if (!result.connectFailed) break;
    }
    const { connectFailed: _connectFailed, ...answer } = result;
    return answer;
  }

  private sendTo(request: OutgoingRequest, address: string, timeoutMs: number, fullTimeoutMs: number): Promise<Attempted> {
    return new Promise((resolve) => {
      const url = new URL(request.url);
      const family = isIP(address);
      const lookup: LookupFunction = (_hostname, options, callback) => {
        if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [{ address, family }]);
        else callback(null, address, family);
      };
      const client = url.protocol === 'https:' ? https : http;
      let settled = false;
      const finish = (result: Attempted) => {
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
          agent: false,
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
        finish({ error: error.code ? `${error.code}: ${error.message}` : error.message, connectFailed: CONNECT_FAILURES.has(error.code ?? '') }),
      );
      req.end(request.body);
    });
  }
}
