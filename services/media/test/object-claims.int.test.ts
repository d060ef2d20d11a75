import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '@commerce/persistence';
import { ensureMediaIndexes } from '../src/infra/indexes';
import { ObjectClaimRepository } from '../src/infra/object-claim.repository';

// The per-key record between uploads and the collection of unused bytes (docs/media.md#collecting-unused-bytes), on
// the embedded store: each ordering of an upload against the sweep keeps bytes an upload counts on.
let dir: string;
let db: Database;
let claims: ObjectClaimRepository;
const GRACE = 10 * 60_000;
const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1) + minutes * 60_000);
const cutoffAt = (now: Date) => new Date(now.getTime() - GRACE);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'media-claims-'));
  db = await openDatabase({ engine: 'embedded', dir });
  // The unique index on the key is what makes an upload's insert fail while the sweep holds the record.
  await ensureMediaIndexes(db);
  claims = new ObjectClaimRepository(db.collection(ObjectClaimRepository.collection));
});

afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

it('an upload touching a released key before the sweep claims it keeps the key', async () => {
  await claims.touch('k1', at(0));
  await claims.released('k1', at(1));
  // Within the grace period: not a candidate.
  expect(await claims.candidates(cutoffAt(at(5)), at(5), 10)).not.toContain('k1');
  expect(await claims.candidates(cutoffAt(at(12)), at(12), 10)).toContain('k1');
  // An upload of the same bytes touches it after the sweep listed it, before the claim: the claim fails.
  expect(await claims.touch('k1', at(12))).toBe(true);
  expect(await claims.claim('k1', cutoffAt(at(12)), at(12), at(13))).toBe(false);
});

it('an upload arriving while the sweep holds the key waits, then writes the key anew once it is collected', async () => {
  await claims.touch('k2', at(0));
  await claims.released('k2', at(1));
  const now = at(20);
  expect(await claims.claim('k2', cutoffAt(now), now, at(21))).toBe(true);
  // A second sweep does not claim it again, and the upload is told to wait.
  expect(await claims.claim('k2', cutoffAt(now), now, at(21))).toBe(false);
  expect(await claims.touch('k2', now)).toBe(false);
  // The sweep deletes the bytes and then the record: the upload's retry inserts a fresh record (and stores the bytes).
  await claims.forget('k2');
  expect(await claims.touch('k2', now)).toBe(true);
  expect(await claims.candidates(cutoffAt(at(40)), at(40), 10)).not.toContain('k2');
});

it('a claim left by a sweep that stopped expires, and a key found still referred to is kept', async () => {
  await claims.touch('k3', at(0));
  await claims.released('k3', at(1));
  expect(await claims.claim('k3', cutoffAt(at(20)), at(20), at(21))).toBe(true);
  // Past collecting_until the upload goes ahead (the stopped sweep deletes nothing more).
  expect(await claims.touch('k3', at(22))).toBe(true);
  await claims.released('k3', at(22));
  expect(await claims.claim('k3', cutoffAt(at(40)), at(40), at(41))).toBe(true);
  await claims.keep('k3', at(40));
  expect(await claims.candidates(cutoffAt(at(90)), at(90), 10)).not.toContain('k3');
});
