import type { identity } from '@commerce/contracts';

/** GET /v1/me's user (DESIGN §8); the store id and anything secret stay inside. */
export function presentUser(user: identity.User) {
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
  };
}
