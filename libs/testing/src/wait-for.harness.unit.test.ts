import { freePort, tempDir, waitFor } from '@commerce/testing';
import { existsSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname } from 'node:path';

describe('waitFor', () => {
  it('resolves with the first truthy value the probe returns', async () => {
    let calls = 0;
    const value = await waitFor(() => (++calls >= 3 ? { calls } : null), { intervalMs: 1 });
    expect(value).toEqual({ calls: 3 });
  });

  it('rejects with the given message once the deadline passes', async () => {
    await expect(waitFor(() => false, { timeoutMs: 50, intervalMs: 5, message: 'order to be paid' })).rejects.toThrow(
      'waitFor: order to be paid within 50ms',
    );
  });

  it('treats a throwing probe as not yet and quotes its last error', async () => {
    const probe = async () => {
      throw new Error('connection refused');
    };
    await expect(waitFor(probe, { timeoutMs: 30, intervalMs: 5 })).rejects.toThrow('(last error: connection refused)');
  });
});

describe('freePort', () => {
  it('returns a port that can be bound on 127.0.0.1', async () => {
    const port = await freePort();
    const server = createServer();
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
    await new Promise((resolve) => server.close(resolve));
    expect(port).toBeGreaterThan(0);
  });
});

describe('tempDir', () => {
  it('creates a fresh directory under the OS temp dir with the prefix', async () => {
    const dir = await tempDir('harness-test-');
    try {
      expect(dirname(dir)).toBe(tmpdir());
      expect(basename(dir).startsWith('harness-test-')).toBe(true);
      expect(statSync(dir).isDirectory()).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    expect(existsSync(dir)).toBe(false);
  });
});
