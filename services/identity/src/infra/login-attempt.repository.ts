import type { Collection, Database } from '@commerce/persistence';
import type { LoginAttemptRecord } from '../domain/login-throttle';

/** Failure counters live in the database, so every identity replica throttles the same account alike. */
export class LoginAttemptRepository {
  constructor(private readonly attempts: Collection<LoginAttemptRecord>) {}

  static collectionOf(db: Database): Collection<LoginAttemptRecord> {
    return db.collection<LoginAttemptRecord>('login_attempts');
  }


  find(key: string): Promise<LoginAttemptRecord | null> {
    return this.attempts.findOne({ key });
  }

  async recordFailure(key: string, newWindow: boolean, now: Date): Promise<void> {
    const update = newWindow ? { $set: { failures: 1, window_started_at: now } } : { $inc: { failures: 1 } };
    await this.attempts.updateOne({ key }, update, { upsert: true });
  }

  async clear(key: string): Promise<void> {
    await this.attempts.deleteOne({ key });
  }
}
