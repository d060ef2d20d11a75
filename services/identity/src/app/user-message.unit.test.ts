import type { AppRecord } from '../domain/app';
import type { UserRecord } from '../domain/user';
import { toAppMessage, toUserMessage } from './user-message';

const at = new Date('2024-05-01T10:00:00Z');

describe('toUserMessage', () => {
  it("copies the contract's fields and leaves the password hash and the store request key out", () => {
    const user: UserRecord = {
      id: 3,
      email: 'owner@example.com',
      login: 'owner',
      password_hash: 'scrypt$secret',
      bio: 'Makes things',
      location: 'Lisbon',
      gender: 'f',
      twitter: 'owner_tw',
      facebook: 'owner.fb',
      birthday: '1990-02-03',
      store_id: 12,
      store_request_key: 'req-1',
      created_at: at,
      updated_at: at,
    };

    expect(toUserMessage(user)).toStrictEqual({
      id: 3,
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
  });
});

describe('toAppMessage', () => {
  it("copies the contract's fields and leaves the secret's hash out", () => {
    const app: AppRecord = {
      client_id: 'cid',
      client_secret_hash: 'hash',
      name: 'My app',
      redirect_uri: 'https://app.example.com/cb',
      owner_user_id: 3,
      created_at: at,
      updated_at: at,
      deleted_at: null,
      deleted: false,
    };

    expect(toAppMessage(app)).toStrictEqual({
      client_id: 'cid',
      name: 'My app',
      redirect_uri: 'https://app.example.com/cb',
      owner_user_id: 3,
      created_at: at,
    });
  });
});
