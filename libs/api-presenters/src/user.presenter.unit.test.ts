import { identity } from '@commerce/contracts';
import { presentUser } from './user.presenter';

describe('presentUser', () => {
  it("renders every field of the contract's User but the store id, as the service sent it", () => {
    const user = identity.User.fromPartial({
      id: 7,
      email: 'owner@example.com',
      login: 'owner',
      bio: 'Makes things',
      location: 'Lisbon',
      gender: 'f',
      twitter: 'owner_tw',
      facebook: 'owner.fb',
      birthday: '1990-02-03',
      store_id: 12,
    });

    expect(presentUser(user)).toStrictEqual({
      id: 7,
      email: 'owner@example.com',
      login: 'owner',
      bio: 'Makes things',
      location: 'Lisbon',
      gender: 'f',
      twitter: 'owner_tw',
      facebook: 'owner.fb',
      birthday: '1990-02-03',
    });
  });
});
