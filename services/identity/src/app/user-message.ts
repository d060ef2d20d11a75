import type { identity } from '@commerce/contracts';
import type { UserRecord } from '../domain/user';
import type { AppRecord } from '../domain/app';

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

/** The contract's App: never the secret's hash. */
export function toAppMessage(app: AppRecord): identity.App {
  return { client_id: app.client_id, name: app.name, redirect_uri: app.redirect_uri, owner_user_id: app.owner_user_id };
}
