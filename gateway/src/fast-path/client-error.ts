import { randomUUID } from 'node:crypto';
import { STATUS_CODES, maxHeaderSize, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { ApiError } from '../errors/api-error';
import { renderError } from '../errors/render-error';

/** How long a refused connection may stay open to finish sending (read and dropped), so the answer is not lost to a reset. */
const LINGER_MS = 2_000;
const answered = new WeakSet<Socket>();

/**
 * Requests node's parser refuses never reach Express (a request line and headers over
 * `maxHeaderSize`, a malformed request, a request timeout): node would answer a bare status with no
 * body. This answers them in the API's error shape instead, then closes as node does, after the
 * answers already due on a kept-alive connection. The connection is half-closed, not reset: the rest
 * of a long request is read and dropped for a moment, so a client still sending gets its answer.
 * Only connections that fail cost anything: nothing here runs per request.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', answerClientError);
}

function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (answered.has(socket)) return; // the parser reports its error again for every later chunk
  answered.add(socket);
  // Answering is only safe where node would answer: nothing of an answer in flight written yet.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) return void socket.destroy();
  socket.end(rawAnswer(refusal(error)));
  const linger = setTimeout(() => socket.destroy(), LINGER_MS);
  linger.unref();
  socket.once('close', () => clearTimeout(linger));
}

function refusal(error: NodeJS.ErrnoException): ApiError {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return new ApiError(
        431,
        `The request line and headers are larger than ${Math.floor(maxHeaderSize / 1024)} KB; send long parameters in the body`,
      );
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return new ApiError(413, 'The chunk extensions of the request body are too large');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ApiError(408, 'The request took too long to arrive');
    default:
      return new ApiError(400, 'The request is not valid HTTP');
  }
}

function rawAnswer(refused: ApiError): string {
  const requestId = randomUUID();
  const { status, body } = renderError(refused, requestId);
  const payload = JSON.stringify(body);
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
    'Content-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(payload)}\r\n` +
    'Cache-Control: no-store\r\n' +
    `X-Request-Id: ${requestId}\r\n` +
    'Connection: close\r\n\r\n' +
    payload
  );
}
