import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Database, Doc } from '../collection.port';

/** Where the NeDB datafiles go once imported: kept, never read again; delete it when satisfied. */
export const IMPORTED_NEDB_DIR = 'nedb-imported';

/**
 * Data directories written by the NeDB engine (one `<collection>.db` append-only file per collection)
 * are imported on the first open: into a temporary SQLite file renamed into place only when every
 * collection is in, so a crash mid-way starts the import over. The old files move to `nedb-imported/`.
 */
export async function importNedbDatafiles(dir: string, target: string, open: (file: string) => Database): Promise<number> {
  const datafiles = (await readdir(dir)).filter((name) => name.endsWith('.db')).sort();
  if (datafiles.length === 0) return 0;
  const importing = `${target}.importing`;
  await removeSqliteFiles(importing);
  const db = open(importing);
  let imported = 0;
  try {
    for (const datafile of datafiles) {
      const docs = await readNedbDatafile(join(dir, datafile));
      await db.collection(basename(datafile, '.db')).insertMany(docs);
      imported += docs.length;
    }
  } catch (err) {
    await db.close();
    await removeSqliteFiles(importing);
    throw err;
  }
  await db.close();
  await rename(importing, target);
  await mkdir(join(dir, IMPORTED_NEDB_DIR), { recursive: true });
  for (const datafile of datafiles) await rename(join(dir, datafile), join(dir, IMPORTED_NEDB_DIR, datafile));
  return imported;
}

/** The live documents of a NeDB datafile: later lines replace earlier ones by `_id`, `$$deleted` removes. */
export async function readNedbDatafile(path: string): Promise<Doc[]> {
  const live = new Map<string, Doc>();
  let lines = 0;
  let unreadable = 0;
  for await (const line of createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity })) {
    if (line.trim() === '') continue;
    lines += 1;
    let entry: Doc;
    try {
      entry = JSON.parse(line, reviveNedbDate) as Doc;
    } catch {
      unreadable += 1; // NeDB itself tolerates a few (a line cut short by a crash)
      continue;
    }
    if ('$$indexCreated' in entry || '$$indexRemoved' in entry) continue;
    const id = String(entry._id);
    if (entry.$$deleted === true) live.delete(id);
    else {
      const { _id: _ignored, ...doc } = entry;
      live.set(id, doc);
    }
  }
  // NeDB refuses a datafile with over 10% corrupt lines; so does the import, rather than drop data silently.
  if (unreadable > 0 && unreadable / lines > 0.1) {
    throw new Error(`${path}: ${unreadable} of ${lines} lines are not JSON; repair or remove the file, then start again`);
  }
  return [...live.values()];
}

function reviveNedbDate(_key: string, value: unknown): unknown {
  if (value !== null && typeof value === 'object' && '$$date' in value && Object.keys(value).length === 1) return new Date((value as { $$date: number }).$$date);
  return value;
}

async function removeSqliteFiles(file: string): Promise<void> {
  await Promise.all(['', '-wal', '-shm', '-journal'].map((suffix) => rm(`${file}${suffix}`, { force: true })));
}
