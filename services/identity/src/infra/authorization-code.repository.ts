import type { Collection } from '@commerce/persistence';
import type { AuthorizationCodeRecord } from '../domain/authorization-code';

export type AuthorizationCodeDocument = AuthorizationCodeRecord;

export class AuthorizationCodeRepository {
  static readonly collection = 'authorization_codes';

  constructor(private readonly codes: Collection<AuthorizationCodeDocument>) {}

  insert(code: AuthorizationCodeRecord): Promise<AuthorizationCodeDocument> {
    return this.codes.insertOne(code);
  }

  findByHash(codeHash: string): Promise<AuthorizationCodeDocument | null> {
    return this.codes.findOne({ code_hash: codeHash });
  }

  /** Marks the code used and names the grant it creates, only if nobody used it first: single use. */
  async consume(codeHash: string, grantId: number, now: Date): Promise<boolean> {
    const { modified } = await this.codes.updateOne(
      { code_hash: codeHash, used: false },
      { $set: { used: true, used_at: now, grant_id: grantId } },
    );
    return modified > 0;
  }

  /** Codes past their life are useless except for reuse detection, which an hour more covers. */
  async purgeExpiredBefore(cutoff: Date): Promise<number> {
    return this.codes.deleteMany({ expires_at: { $lt: cutoff } });
  }
}
