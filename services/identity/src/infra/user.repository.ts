import type { Collection } from '@commerce/persistence';
import type { UserRecord } from '../domain/user';

export type UserDocument = UserRecord;

export class UserRepository {
  static readonly collection = 'users';

  constructor(private readonly users: Collection<UserDocument>) {}

  findById(id: number): Promise<UserDocument | null> {
    return this.users.findOne({ id });
  }

  findByEmail(email: string): Promise<UserDocument | null> {
    return this.users.findOne({ email });
  }

  findByLogin(login: string): Promise<UserDocument | null> {
    return this.users.findOne({ login });
  }

  insert(user: UserRecord): Promise<UserDocument> {
    return this.users.insertOne(user);
  }

  async remove(id: number): Promise<void> {
    await this.users.deleteOne({ id });
  }

  /** Moves the user's session generation on: every session signed in under an earlier one ends. */
  endSessions(id: number, now: Date): Promise<UserDocument | null> {
    return this.users.findOneAndUpdate({ id }, { $inc: { session_generation: 1 }, $set: { updated_at: now } });
  }

  async attachStore(id: number, storeId: number, now: Date): Promise<UserDocument | null> {
    return this.users.findOneAndUpdate({ id }, { $set: { store_id: storeId, updated_at: now } });
  }
}
