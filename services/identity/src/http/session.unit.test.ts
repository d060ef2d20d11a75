import { newSession, SessionCodec, type Session } from './session';

const codec = new SessionCodec('s'.repeat(40));

describe('SessionCodec', () => {
  it('reads back the session it signed', () => {
    const session = newSession({ id: 42, session_generation: 3 });
    expect(codec.decode(codec.encode(session))).toEqual(session);
  });

  it('refuses a cookie that was altered, signed with another secret, expired, or without a session generation', () => {
    const session = newSession({ id: 42, session_generation: 3 });
    const [payload, signature] = codec.encode(session).split('.');
    const forged = Buffer.from(JSON.stringify({ ...session, userId: 1 })).toString('base64url');

    expect(codec.decode(`${forged}.${signature}`)).toBeUndefined();
    expect(new SessionCodec('t'.repeat(40)).decode(`${payload}.${signature}`)).toBeUndefined();
    expect(codec.decode(codec.encode(session), session.expiresAt)).toBeUndefined();
    expect(codec.decode('garbage')).toBeUndefined();
    // A cookie of the format before session generations: signed, but it could not be ended at sign-out.
    const withoutGeneration = { sid: session.sid, userId: 42, expiresAt: session.expiresAt } as unknown as Session;
    expect(codec.decode(codec.encode(withoutGeneration))).toBeUndefined();
    expect(codec.decode(undefined)).toBeUndefined();
  });

  it('binds CSRF tokens to the session id', () => {
    const one = newSession();
    const two = newSession();
    expect(codec.checkCsrf(one, codec.csrfToken(one))).toBe(true);
    expect(codec.checkCsrf(two, codec.csrfToken(one))).toBe(false);
    expect(codec.checkCsrf(one, undefined)).toBe(false);
  });
});
