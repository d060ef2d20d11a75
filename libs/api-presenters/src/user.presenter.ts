import type { identity } from '@commerce/contracts';

/** GET /v1/me's user (DESIGN §8): the contract's User, whose fields the .proto lists, less the store id that stays inside. */
export type UserJson = Omit<identity.User, 'store_id'>;

export function presentUser(user: identity.User): UserJson {
  const { store_id: _storeId, ...shown } = user;
  return shown;
}
