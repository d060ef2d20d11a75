import { identity } from '@commerce/contracts';
import type { AppRecord } from '../domain/app';
import type { AuthorizedApp } from './authorized-apps';
import type { UserRecord } from '../domain/user';

// The generated message keeps the contract's fields and drops the rest, so the field list is the .proto's alone.

/** The contract's User: never the password hash or the internal request key. */
export function toUserMessage(user: UserRecord): identity.User {
  return identity.User.fromPartial<identity.User>(user);
}

/** The contract's App: never the secret's hash. */
export function toAppMessage(app: AppRecord): identity.App {
  return identity.App.fromPartial<identity.App>(app);
}

/** The contract's AuthorizedApp: an app the user authorized, its grants taken together. */
export function toAuthorizedAppMessage(app: AuthorizedApp): identity.AuthorizedApp {
  return identity.AuthorizedApp.fromPartial<identity.AuthorizedApp>(app);
}
