import { startNatsServer, type NatsServerHandle } from '@commerce/testing';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';

/** The INFO line a NATS server sends first on every connection (raw TCP, so this lib needs no NATS client). */
function serverInfo(port: number): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let buffer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      const end = buffer.indexOf('\r\n');
      if (end < 0) return;
      socket.destroy();
      resolve(JSON.parse(buffer.slice('INFO '.length, end)) as Record<string, unknown>);
    });
    socket.once('error', reject);
  });
}

function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

describe('startNatsServer', () => {
  let server: NatsServerHandle | undefined;

  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it('starts a private JetStream-enabled server on a free port with its own store dir', async () => {
    server = await startNatsServer();
    expect(server.port).not.toBe(4222);
    expect(server.url).toBe(`nats://127.0.0.1:${server.port}`);
    expect(existsSync(server.storeDir)).toBe(true);
    const info = await serverInfo(server.port);
    expect(info.jetstream).toBe(true);
  });

  it('stop() kills the server and removes its store dir', async () => {
    const started = await startNatsServer();
    await started.stop();
    expect(existsSync(started.storeDir)).toBe(false);
    expect(await refusesConnections(started.port)).toBe(true);
    await started.stop();
  });

  it('restart() brings the server back on the same port with the same store dir', async () => {
    server = await startNatsServer();
    const before = (await serverInfo(server.port)).server_id;
    await server.restart();
    const after = await serverInfo(server.port);
    expect(after.server_id).not.toBe(before);
    expect(existsSync(server.storeDir)).toBe(true);
  });

  it('fails with a clear message when the binary is missing', async () => {
    const saved = process.env.NATS_SERVER_BIN;
    process.env.NATS_SERVER_BIN = '/nonexistent/nats-server';
    try {
      await expect(startNatsServer()).rejects.toThrow('NATS_SERVER_BIN=/nonexistent/nats-server is not an executable file');
    } finally {
      if (saved === undefined) delete process.env.NATS_SERVER_BIN;
      else process.env.NATS_SERVER_BIN = saved;
    }
  });
});
