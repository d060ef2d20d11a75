import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { freePort, freePortRange } from './free-port';

/** Linux's range for the ports of outgoing connections (and of binds to port 0). */
function ephemeralRange(): [number, number] {
  const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
  return [low!, high!];
}

describe('freePort', () => {
  it('answers a port that can be listened on, outside the range outgoing connections take their ports from', async () => {
    const [low, high] = ephemeralRange();
    const port = await freePort();

    expect(port < low || port > high).toBe(true);
    const server = createServer();
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('never answers a port it answered before, nor one it is told is taken, though neither is bound yet', async () => {
    const picked = await Promise.all(Array.from({ length: 2_000 }, () => freePort()));
    expect(new Set(picked).size).toBe(2_000);

    const told = new Set(Array.from({ length: 2_000 }, (_, i) => 20_000 + i * 6));
    for (let i = 0; i < 50; i++) expect(told.has(await freePort({ besides: told }))).toBe(false);
  });

  it('picks only from FREE_PORTS when it is set, so two runs side by side never pick the same port', async () => {
    const saved = process.env.FREE_PORTS;
    process.env.FREE_PORTS = '26000-26999';
    try {
      const picked = await Promise.all(Array.from({ length: 20 }, () => freePort()));
      expect(picked.every((port) => port >= 26_000 && port <= 26_999)).toBe(true);
    } finally {
      if (saved === undefined) delete process.env.FREE_PORTS;
      else process.env.FREE_PORTS = saved;
    }
  });

  it('refuses a FREE_PORTS that is not a range of at least 100 ports between 1024 and 65535, echoing it bounded', () => {
    expect(freePortRange({})).toEqual({ first: 20_000, last: 31_999 });
    expect(freePortRange({ FREE_PORTS: '20000-25999' })).toEqual({ first: 20_000, last: 25_999 });
    for (const setting of ['26000', '100-5000', '30000-30050', '60000-70000', '25999-20000', ' 20000-25999'])
      expect(() => freePortRange({ FREE_PORTS: setting })).toThrow(/^FREE_PORTS must be a range of at least 100 ports/);
    expect(() => freePortRange({ FREE_PORTS: 'x'.repeat(10_000) })).toThrow(/got x{40}$/);
  });
});
