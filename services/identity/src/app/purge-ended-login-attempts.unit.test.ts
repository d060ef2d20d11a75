import { Writable } from 'node:stream';
import { createLogger } from '@commerce/observability';
import { openDatabase, type Collection, type Database } from '@commerce/persistence';
import type { LoginAttemptRecord } from '../domain/login-throttle';
import { LoginAttemptRepository } from '../infra/login-attempt.repository';
import { ATTEMPTS_KEPT_AFTER_WINDOW_MS, purgeEndedLoginAttempts } from './purge-ended-login-attempts';

const now = new Date('2024-05-01T10:00:00Z');
const loginThrottle = { maxFailures: 5, windowMs: 15 * 60_000 };
const startedAgo = (ms: number) => new Date(now.getTime() - ms);

let db: Database;
let collection: Collection<LoginAttemptRecord>;
let loginAttempts: LoginAttemptRepository;
let logLines: Array<Record<string, unknown>>;
const logger = createLogger({
  service: 'identity-test',
  destination: new Writable({
    write(chunk, _encoding, done) {
      logLines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  }),
});

const storedKeys = async () => (await collection.find({}, { sort: { key: 1 } })).map((record) => record.key);

beforeEach(async () => {
  logLines = [];
  db = await openDatabase({ engine: 'memory' });
  collection = db.collection(LoginAttemptRepository.collection);
  loginAttempts = new LoginAttemptRepository(collection);
});

afterEach(() => db.close());

describe('purgeEndedLoginAttempts', () => {
  it('keeps open windows (and ended ones for a minute), deletes the rest and logs how many went', async () => {
    await collection.insertOne({ key: 'a-open', failures: 3, window_started_at: startedAgo(loginThrottle.windowMs - 1) });
    await collection.insertOne({
      key: 'b-just-ended',
      failures: 5,
      window_started_at: startedAgo(loginThrottle.windowMs + ATTEMPTS_KEPT_AFTER_WINDOW_MS - 1),
    });
    await collection.insertOne({
      key: 'c-ended',
      failures: 1,
      window_started_at: startedAgo(loginThrottle.windowMs + ATTEMPTS_KEPT_AFTER_WINDOW_MS),
    });
    await collection.insertOne({ key: 'd-ended-long-ago', failures: 9, window_started_at: startedAgo(24 * 3_600_000) });

    await purgeEndedLoginAttempts({ loginAttempts, loginThrottle, clock: () => now }, logger);

    expect(await storedKeys()).toEqual(['a-open', 'b-just-ended']);
    expect(logLines).toEqual([expect.objectContaining({ level: 'info', purged: 2, msg: 'ended sign-in attempt windows purged' })]);
  });

  it('logs nothing when there is nothing to purge', async () => {
    await collection.insertOne({ key: 'open', failures: 1, window_started_at: now });

    await purgeEndedLoginAttempts({ loginAttempts, loginThrottle, clock: () => now }, logger);

    expect(await storedKeys()).toEqual(['open']);
    expect(logLines).toEqual([]);
  });

  it('leaves a window restarted after the purge counting from 1', async () => {
    await collection.insertOne({ key: 'k', failures: 5, window_started_at: startedAgo(24 * 3_600_000) });
    await purgeEndedLoginAttempts({ loginAttempts, loginThrottle, clock: () => now }, logger);

    const counted = await loginAttempts.countAttempt('k', loginThrottle, now);

    expect([counted.failures, counted.window_started_at]).toEqual([1, now]);
  });
});
