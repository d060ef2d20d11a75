import type { identity } from '@commerce/contracts';
import { z } from 'zod';
import { id } from './answer-schema';

/** What presentUser renders (the OpenAPI document's `User`). */
export const userJson = z
  .strictObject({
    id: id(),
    email: z.string(),
    login: z.string(),
    bio: z.string(),
    location: z.string(),
    gender: z.string(),
    twitter: z.string(),
    facebook: z.string(),
    birthday: z.string(),
  })
  .meta({ id: 'User' });

/**
 * GET /v1/me's user (docs/oauth.md#the-user-record): the contract's User, whose fields the .proto lists, less the store id that stays
 * inside.
 */
export type UserJson = z.infer<typeof userJson>;

export function presentUser(user: identity.User): UserJson {
  const { store_id: _storeId, ...shown } = user;
  return shown;
}
