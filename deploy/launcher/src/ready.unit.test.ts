import { whyGone, readyNoticeOf, READY_NOTICE } from './ready';

describe("a service's ready notice", () => {
  it('is the message ServiceHost.run sends, and nothing else', () => {
    expect(readyNoticeOf(READY_NOTICE)).toEqual({ type: 'ready', urls: {} });
    expect(readyNoticeOf({ type: 'ready', extra: 1 })).toEqual({ type: 'ready', urls: {} });
    for (const other of ['ready', { type: 'stopping' }, null, undefined, 1, {}]) expect(readyNoticeOf(other)).toBeUndefined();
  });

  it('carries the URLs a service chose at start, by name, and only string ones', () => {
    const sent = { type: 'ready', urls: { identity_pages: 'http://127.0.0.1:41234', port: 41234, nested: { a: 'b' } } };
    expect(readyNoticeOf(sent)).toEqual({ type: 'ready', urls: { identity_pages: 'http://127.0.0.1:41234' } });
    for (const urls of [null, 'http://127.0.0.1:41234', ['http://127.0.0.1:41234'], 7])
      expect(readyNoticeOf({ type: 'ready', urls })).toEqual({ type: 'ready', urls: {} });
  });

  it('says why a process that is gone never reported ready: its code, the signal, or no start at all', () => {
    expect(whyGone({ exitCode: 1, signalCode: null })).toBe('exited with code 1 before it reported ready');
    expect(whyGone({ exitCode: 0, signalCode: null })).toBe('exited with code 0 before it reported ready');
    expect(whyGone({ exitCode: null, signalCode: 'SIGKILL' })).toBe('was killed by SIGKILL before it reported ready');
    // Node sets a failed spawn's exit code to the negative errno (ENOENT: -2).
    expect(whyGone({ exitCode: -2, signalCode: null })).toBe('could not be started');
    expect(whyGone({ exitCode: null, signalCode: null })).toBe('could not be started');
  });
});
