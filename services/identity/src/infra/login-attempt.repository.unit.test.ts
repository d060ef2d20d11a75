import type { LoginAttemptRecord } from '../domain/login-throttle';
import { openDatabase, type Database } from '@commerce/persistence';
import { LoginAttemptRepository } from './login-attempt.repository';

const rule = { maxFailures: 5, windowMs: 60_000 };
const start = new Date('2026-01-01T00:00:00Z');
const at = (ms: number) => new Date(start.getTime() + ms);

let db: Database;
let attempts: LoginAttemptRepository;

beforeEach(async () => {
  db = await openDatabase({ engine: 'memory' });
  const collection = db.collection<LoginAttemptRecord>(LoginAttemptRepository.collection);
  await collection.createIndex({ key: 1 }, { unique: true, name: 'login_attempts_key' });
  attempts = new LoginAttemptRepository(collection);
});

afterEach(() => db.close());

describe('LoginAttemptRepository.countAttempt', () => {
  it('gives each of many parallel attempts its own count, the first of them opening the window', async () => {
    const counted = await Promise.all(Array.from({ length: 40 }, () => attempts.countAttempt('k', rule, start)));

    expect(counted.map((record) => record.failures).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(new Set(counted.map((record) => record.window_started_at.getTime()))).toEqual(new Set([start.getTime()]));
  });

  it('counts in the open window, and starts again at 1 once it is over, also when attempts race at the restart', async () => {
    await attempts.countAttempt('k', rule, start);
    expect((await attempts.countAttempt('k', rule, at(59_999))).failures).toBe(2);

    const restarted = await Promise.all(Array.from({ length: 10 }, () => attempts.countAttempt('k', rule, at(60_000))));

    expect(restarted.map((record) => record.failures).sort((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    expect(restarted.every((record) => record.window_started_at.getTime() === at(60_000).getTime())).toBe(true);
  });

  it('keeps keys apart, and starts at 1 after a clear', async () => {
    await attempts.countAttempt('a', rule, start);
    await attempts.countAttempt('a', rule, start);

    expect((await attempts.countAttempt('b', rule, start)).failures).toBe(1);
    await attempts.clear('a');
    expect((await attempts.countAttempt('a', rule, start)).failures).toBe(1);
  });
});
