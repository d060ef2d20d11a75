import { Writable } from 'node:stream';
import { createLogger, redactUrl, requestIdFrom, requestLogger } from '@commerce/observability';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { lines, logger: createLogger({ service: 'test', destination }) };
}

describe('logger', () => {
  it('writes structured lines with the service name and the request id', () => {
    const { lines, logger } = capture();
    requestLogger(logger, 'req-12345678').info({ route: '/v1/store' }, 'handled');
    expect(lines[0]).toMatchObject({ service: 'test', request_id: 'req-12345678', route: '/v1/store', msg: 'handled', level: 'info' });
  });

  it('never writes secrets, at the top level, nested or in headers', () => {
    const { lines, logger } = capture();
    logger.info(
      {
        password: 'hunter2',
        api_key: 'sk_live_abc',
        body: { client_secret: 'cs_123', refresh_token: 'rt_1' },
        req: { headers: { authorization: 'Bearer eyJ', 'api-key': 'sk_live_def', cookie: 'sid=1' } },
      },
      'attempt',
    );
    const text = JSON.stringify(lines);
    for (const secret of ['hunter2', 'sk_live_abc', 'cs_123', 'rt_1', 'eyJ', 'sk_live_def', 'sid=1']) expect(text).not.toContain(secret);
    expect(text).toContain('[redacted]');
  });

  it('strips credentials from logged URLs', () => {
    expect(redactUrl('/v1/store.json?api_key=sk_1&x=2&access_token=t')).toBe('/v1/store.json?api_key=[redacted]&x=2&access_token=[redacted]');
  });

  it('keeps a well-formed incoming request id and replaces a hostile one', () => {
    expect(requestIdFrom('abc-123-def')).toBe('abc-123-def');
    expect(requestIdFrom('bad id\n')).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFrom(undefined)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
