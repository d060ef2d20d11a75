import { childLineWriter, processOutputFor } from './child-process';

describe('how the launcher prints its processes', () => {
  it('makes log lines readable on a terminal unless LOG_FORMAT says otherwise', () => {
    expect(processOutputFor(undefined, true)).toEqual({ colorize: true, readable: true });
    expect(processOutputFor(undefined, false)).toEqual({ colorize: false, readable: false });
    expect(processOutputFor('json', true)).toEqual({ colorize: true, readable: false });
    expect(processOutputFor('pretty', false)).toEqual({ colorize: false, readable: true });
  });

  it('puts the process name in front of each line, readable or as written', () => {
    const entry = JSON.stringify({ level: 'error', time: '2026-11-24T03:00:00.000Z', service: 'shipping', msg: 'quote failed' });
    expect(childLineWriter('shipping', 4, { colorize: false, readable: true })(entry)).toMatch(
      /^\[shipping\] \[\d\d:\d\d:\d\d\.000\] ERROR: quote failed\n$/,
    );
    expect(childLineWriter('shipping', 4, { colorize: false, readable: false })(entry)).toBe(`[shipping] ${entry}\n`);
    expect(childLineWriter('nats', 0, { colorize: true, readable: true })('[1] Server is ready')).toBe(
      '\u001b[36m[nats]\u001b[0m [1] Server is ready\n',
    );
  });
});
