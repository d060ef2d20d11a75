import type { Collection } from '@commerce/persistence';

/** One refresh token of a grant's rotating family; only its hash is kept. */
export type RefreshTokenDocument = {
  token_hash: string;
  grant_id: number;
  client_id: string;
  created_at: Date;
  expires_at: Date;
  /** Set when it was exchanged for the next one; presenting it again revokes the grant. */
  used_at: Date | null;
  /** Filters use this flag: null does not match alike on every engine. */
  used: boolean;
};

export class RefreshTokenRepository {
  static readonly collection = 'refresh_tokens';

  constructor(private readonly tokens: Collection<RefreshTokenDocument>) {}

  insert(token: RefreshTokenDocument): Promise<RefreshTokenDocument> {
    return this.tokens.insertOne(token);
  }

  findByHash(tokenHash: string): Promise<RefreshTokenDocument | null> {
    return this.tokens.findOne({ token_hash: tokenHash });
  }

  /** Spends the token, only if nobody spent it first. */
  async consume(tokenHash: string, now: Date): Promise<boolean> {
    const { modified } = await this.tokens.updateOne({ token_hash: tokenHash, used: false }, { $set: { used: true, used_at: now } });
    return modified > 0;
  }
}
