import type { Response } from 'express';

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * The one JSON writer (envelopes, error bodies, health; each with `Cache-Control: no-store`):
 * stringify once, straight to node's response. Express's `res.json` goes through `res.send`,
 * which re-parses the Content-Type, sets the charset, checks freshness and may compute an ETag;
 * a string body also lets node write headers and body in one syscall. See README.md for its figure.
 */
export function sendJson(res: Response, status: number, body: unknown): void {
  const payload = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', JSON_CONTENT_TYPE);
  // API answers are one caller's data (some carry tokens): no shared cache may keep any, errors included.
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Length', Buffer.byteLength(payload));
  res.end(payload);
}
