// The WAL is copied into the database file by a thread of its own once a file keeps being written
// (background-checkpoint.ts), and nothing acknowledged is lost when the process dies during such a copy.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, readlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { openDatabase } from '@commerce/persistence';
import { removeDir, tempDir, waitFor } from '@commerce/testing';
import { SqliteFile } from './sqlite-file';
import { DATABASE_FILE } from './sqlite.engine';

let dir: string;

beforeEach(async () => {
  dir = await tempDir('persistence-checkpoint-');
});

afterEach(async () => {
  await removeDir(dir);
});

/** The built package, for the processes these tests start (the test command builds before it runs jest). */
const DIST = resolve(__dirname, '../../dist');
const THREAD_SOON = { afterCommits: 5, intervalMs: 10 };

/** A file whose thread starts after 5 commits, with an empty `items` table. */
async function itemsFile(location: string): Promise<SqliteFile> {
  const file = new SqliteFile(location, { backgroundCheckpoint: THREAD_SOON });
  await file.write(() => file.run('CREATE TABLE items (n INTEGER PRIMARY KEY, body TEXT NOT NULL)'));
  return file;
}

async function writeRows(file: SqliteFile, from: number, to: number): Promise<void> {
  for (let n = from; n <= to; n++) await file.write(() => file.run('INSERT INTO items (n, body) VALUES (?, ?)', [n, 'x'.repeat(500)]));
}

/** Rows a copy of the database file alone holds, i.e. what checkpoints have put there (the WAL left out). */
function rowsInDatabaseFileAlone(location: string, table = 'items'): number {
  const copy = join(dir, `alone-${Date.now()}-${Math.random()}.sqlite`);
  copyFileSync(location, copy);
  const reader = new BetterSqlite3(copy, { readonly: true });
  try {
    return (reader.prepare(`SELECT count(*) AS count FROM "${table}"`).get() as { count: number }).count;
  } finally {
    reader.close();
  }
}

/** Files of the database this process still holds open (Linux: /proc/self/fd), the thread's connection included. */
function openFilesOf(location: string): string[] {
  const targets = readdirSync('/proc/self/fd').map((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      return ''; // the fd of the directory listing itself, closed by now
    }
  });
  return targets.filter((target) => target.startsWith(location));
}

describe('the background checkpoint', () => {
  it('copies commits into the database file while the writer goes on, far below SQLite’s own 1,000 pages', async () => {
    const location = join(dir, DATABASE_FILE);
    const file = await itemsFile(location);
    try {
      await writeRows(file, 1, 60);

      // 61 commits of one or two pages each: SQLite's automatic checkpoint (1,000 pages) would not have run.
      await waitFor(() => rowsInDatabaseFileAlone(location) === 60, {
        timeoutMs: 5_000,
        message: 'the 60 rows in the database file without its WAL',
      });
    } finally {
      await file.close();
    }
  });

  it('leaves no thread, no open file and no WAL behind once closed', async () => {
    const location = join(dir, DATABASE_FILE);
    const file = await itemsFile(location);
    await writeRows(file, 1, 30);
    await waitFor(() => rowsInDatabaseFileAlone(location) === 30, { timeoutMs: 5_000, message: 'the thread at work' });
    expect(openFilesOf(location).filter((path) => path === location)).toHaveLength(2); // the writer's and the thread's
    expect(existsSync(`${location}-wal`)).toBe(true);

    await file.close();

    expect(openFilesOf(location)).toEqual([]);
    // The last connection to close empties and removes the WAL.
    expect(existsSync(`${location}-wal`)).toBe(false);
    expect(rowsInDatabaseFileAlone(location)).toBe(30);
  });

  it('lets a process with nothing else to do finish closing, its WAL emptied and removed', async () => {
    // Past 1,000 commits the thread runs; the process has no other work, so only the close keeps it alive.
    const script = `
      const { openDatabase } = require(${JSON.stringify(DIST)});
      (async () => {
        const db = await openDatabase({ engine: 'embedded', dir: process.argv[1] });
        const items = db.collection('items');
        for (let n = 1; n <= 1_200; n++) await items.insertOne({ n });
        await new Promise((done) => setTimeout(done, 200));
        await db.close();
        process.stdout.write('closed');
      })();`;
    const child = spawn(process.execPath, ['-e', script, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const code = await new Promise((done) => child.once('close', done));

    expect({ code, output }).toEqual({ code: 0, output: 'closed' });
    expect(existsSync(join(dir, `${DATABASE_FILE}-wal`))).toBe(false);
    expect(rowsInDatabaseFileAlone(join(dir, DATABASE_FILE), 'c_items')).toBe(1_200);
  });

  it('keeps every acknowledged write when the process is killed while the thread copies', async () => {
    // A process writing one document per commit, printing each id once its insert resolved (it is committed then).
    // Past 1,000 commits of a process the thread runs, copying every 50 ms: each process is killed after 300, 700 and
    // 1,100 more, so the kills land at different points of its work.
    const writer = `
      const { openDatabase } = require(${JSON.stringify(DIST)});
      (async () => {
        const db = await openDatabase({ engine: 'embedded', dir: process.argv[1] });
        const items = db.collection('items');
        const from = Number(process.argv[2]);
        for (let n = from; ; n++) {
          await items.insertOne({ n, body: 'x'.repeat(2_000) });
          process.stdout.write(n + '\\n');
        }
      })();`;
    let acknowledged = 0;
    for (const ownWrites of [1_300, 1_700, 2_100]) {
      const killAfter = acknowledged + ownWrites;
      const child = spawn(process.execPath, ['-e', writer, dir, String(acknowledged + 1)], { stdio: ['ignore', 'pipe', 'inherit'] });
      // 'close': every line the process wrote has been read.
      const closed = new Promise((done) => child.once('close', done));
      let last = acknowledged;
      child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
        const lines = chunk.trim().split('\n');
        last = Math.max(last, Number(lines[lines.length - 1]));
      });
      await waitFor(() => last >= killAfter, { timeoutMs: 30_000, message: `${killAfter} acknowledged writes` });
      child.kill('SIGKILL');
      await closed;
      acknowledged = last;

      const db = await openDatabase({ engine: 'embedded', dir });
      try {
        const stored = (await db.collection<{ n: number }>('items').find({}, { sort: { n: 1 } })).map(({ n }) => n);
        // Every acknowledged write, in order, plus at most the one whose answer the kill cut off.
        expect(stored.slice(0, acknowledged)).toEqual(Array.from({ length: acknowledged }, (_, i) => i + 1));
        expect(stored.length - acknowledged).toBeLessThanOrEqual(1);
        acknowledged = stored.length;
      } finally {
        await db.close();
      }
      const checker = new BetterSqlite3(join(dir, DATABASE_FILE), { readonly: true });
      try {
        expect(checker.pragma('integrity_check', { simple: true })).toBe('ok');
      } finally {
        checker.close();
      }
    }
  });
});
