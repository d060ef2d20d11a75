import type { identity } from '@commerce/contracts';
import type { UserRecord } from '../domain/user';

/** The contract's User: never the password hash or the internal request key. */
export function toUserMessage(user: UserRecord): identity.User {
  return {
    id: user.id,
    email: user.email,
    login: user.login,
    bio: user.bio,
    location: user.location,
    gender: user.gender,
    twitter: user.twitter,
    facebook: user.facebook,
    birthday: user.birthday,
    store_id: user.store_id,
  };
}
