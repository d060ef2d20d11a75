import { whyGone, isReadyNotice, READY_NOTICE } from './ready';

describe("a service's ready notice", () => {
  it('is the message ServiceHost.run sends, and nothing else', () => {
    expect(isReadyNotice(READY_NOTICE)).toBe(true);
    expect(isReadyNotice({ type: 'ready', extra: 1 })).toBe(true);
    for (const other of ['ready', { type: 'stopping' }, null, undefined, 1, {}]) expect(isReadyNotice(other)).toBe(false);
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
