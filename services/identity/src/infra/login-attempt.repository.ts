import { DuplicateKeyError, type Collection } from '@commerce/persistence';
import { windowsOpenSince, type LoginAttemptRecord, type ThrottleRule } from '../domain/login-throttle';

/** Failure counters live in the database, so every identity replica throttles the same account alike. */
export class LoginAttemptRepository {
  static readonly collection = 'login_attempts';

  constructor(private readonly attempts: Collection<LoginAttemptRecord>) {}

  /**
   * Counts one attempt and answers the record as it is after it, in one atomic write: parallel attempts
   * each get their own count, so no two of them decide on the same one.
   */
  async countAttempt(key: string, rule: ThrottleRule, now: Date): Promise<LoginAttemptRecord> {
    const openSince = windowsOpenSince(rule, now);
    // Two rounds at most in practice: a collision on opening means another attempt just opened the window.
    for (let round = 0; round < 3; round += 1) {
      const counted = await this.attempts.findOneAndUpdate({ key, window_started_at: { $gt: openSince } }, { $inc: { failures: 1 } });
      if (counted) return counted;
      const opened = await this.openWindow(key, openSince, now);
      if (opened) return opened;
    }
    throw new Error('Could not count a sign-in attempt: its window kept changing');
  }

  /** Restarts an ended window or creates the first one; null when another attempt opened it first (the unique key lets one win). */
  private async openWindow(key: string, openSince: Date, now: Date): Promise<LoginAttemptRecord | null> {
    try {
      return await this.attempts.findOneAndUpdate(
        { key, window_started_at: { $lte: openSince } },
        { $set: { failures: 1, window_started_at: now } },
        { upsert: true },
      );
    } catch (error) {
      if (error instanceof DuplicateKeyError) return null;
      throw error;
    }
  }

  async clear(key: string): Promise<void> {
    await this.attempts.deleteOne({ key });
  }

  /** Deletes the counters whose window started at `cutoff` or before; answers how many went. */
  purgeStartedBy(cutoff: Date): Promise<number> {
    return this.attempts.deleteMany({ window_started_at: { $lte: cutoff } });
  }
}
