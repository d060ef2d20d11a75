// The reporters of jest.config.js on a real jest run of a few small test files: the last line of the output is the
// README's `N passed, N failed`, for a passing and a failing run, and jest's failure report is all still there.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { removeDir, tempDir } from '@commerce/testing';

const REPO_ROOT = path.resolve(__dirname, '../..');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the repository's own configuration, as jest reads it
const { reporters } = require(path.join(REPO_ROOT, 'jest.config.js')) as { reporters: string[] };

let root: string;
beforeEach(async () => {
  root = await tempDir('summary-line-');
});
afterEach(async () => {
  await removeDir(root);
});

/**
 * Runs jest, with the repository's reporters, on `files` (name → source). Its stdout and stderr go to one file, as
 * `npm test > log 2>&1` writes them (two pipes read side by side would not keep their order); answers that output.
 */
async function runJest(files: Record<string, string>): Promise<{ code: number | null; output: string }> {
  for (const [name, source] of Object.entries(files)) fs.writeFileSync(path.join(root, name), source);
  const config = {
    rootDir: root,
    testMatch: ['<rootDir>/*.check.js'],
    reporters: reporters.map((reporter) => reporter.replace('<rootDir>', REPO_ROOT)),
  };
  const log = path.join(root, 'output.log');
  const fd = fs.openSync(log, 'w');
  try {
    const child = spawn(process.execPath, [require.resolve('jest/bin/jest'), '--config', JSON.stringify(config)], {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: '0' },
      stdio: ['ignore', fd, fd],
    });
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    return { code, output: fs.readFileSync(log, 'utf8') };
  } finally {
    fs.closeSync(fd);
  }
}

const lastLine = (output: string) => output.trimEnd().split('\n').at(-1);

describe("npm test's last line", () => {
  it("is `N passed, N failed` after a passing run of several files, below jest's own summary", async () => {
    const { code, output } = await runJest({
      'one.check.js': "test('adds', () => expect(1 + 1).toBe(2));\ntest('joins', () => expect('a' + 'b').toBe('ab'));\n",
      'two.check.js': "test('compares', () => expect(2 > 1).toBe(true));\n",
    });
    expect(code).toBe(0);
    expect(output).toMatch(/Tests: +3 passed, 3 total/);
    expect(lastLine(output)).toBe('3 passed, 0 failed');
  });

  it("is `N passed, N failed` after a failing run, with jest's report of the failure kept above it", async () => {
    const { code, output } = await runJest({
      'broken.check.js':
        "test('holds', () => expect(1).toBe(1));\ntest('breaks', () => expect({ colour: 'red' }).toEqual({ colour: 'blue' }));\n",
    });
    expect(code).toBe(1);
    expect(output).toContain('● breaks');
    expect(output).toContain('-   "colour": "blue",');
    expect(output).toMatch(/Tests: +1 failed, 1 passed, 2 total/);
    expect(lastLine(output)).toBe('1 passed, 1 failed');
  });
});
