import { Writable } from 'node:stream';
import { createLogger } from '@commerce/observability';
import { openDatabase, type Database } from '@commerce/persistence';
import type { AuthorizationCodeRecord } from '../domain/authorization-code';
import { AuthorizationCodeRepository } from '../infra/authorization-code.repository';
import { CODE_KEPT_AFTER_EXPIRY_MS, purgeExpiredCodes } from './purge-expired-codes';

const now = new Date('2024-05-01T10:00:00Z');
const minutes = (n: number) => n * 60_000;

let db: Database;
let codes: AuthorizationCodeRepository;
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

function aCode(hash: string, expiresAt: Date): AuthorizationCodeRecord {
  return {
    code_hash: hash,
    client_id: 'cid',
    user_id: 1,
    redirect_uri: 'https://app.example.com/cb',
    scopes: ['read'],
    code_challenge: '',
    expires_at: expiresAt,
    used_at: null,
    used: false,
    grant_id: 0,
    created_at: expiresAt,
  };
}

beforeEach(async () => {
  logLines = [];
  db = await openDatabase({ engine: 'memory' });
  codes = new AuthorizationCodeRepository(db.collection(AuthorizationCodeRepository.collection));
});

afterEach(() => db.close());

describe('purgeExpiredCodes', () => {
  it('keeps codes until an hour past their expiry (reuse detection), then deletes them and logs how many went', async () => {
    await codes.insert(aCode('live', new Date(now.getTime() + minutes(5))));
    await codes.insert(aCode('expired-recently', new Date(now.getTime() - minutes(59))));
    await codes.insert(aCode('expired-long-ago', new Date(now.getTime() - CODE_KEPT_AFTER_EXPIRY_MS - 1)));

    await purgeExpiredCodes({ codes, clock: () => now }, logger);

    expect(await codes.findByHash('live')).not.toBeNull();
    expect(await codes.findByHash('expired-recently')).not.toBeNull();
    expect(await codes.findByHash('expired-long-ago')).toBeNull();
    expect(logLines).toEqual([expect.objectContaining({ level: 'info', purged: 1, msg: 'expired authorization codes purged' })]);
  });

  it('logs nothing when there is nothing to purge', async () => {
    await codes.insert(aCode('live', new Date(now.getTime() + minutes(5))));

    await purgeExpiredCodes({ codes, clock: () => now }, logger);

    expect(logLines).toEqual([]);
  });
});
