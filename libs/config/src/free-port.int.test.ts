import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { freePort } from './free-port';

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
});
