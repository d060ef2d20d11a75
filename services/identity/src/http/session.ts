import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { sessionGenerationOf } from '../domain/user';
import type { UserDocument, UserRepository } from '../infra/user.repository';

/** Who the browser is: a random session id (CSRF tokens are bound to it) and the signed-in user, if any. */
export interface Session {
  sid: string;
  /** 0 while nobody is signed in. */
  userId: number;
  /** The user's session generation at sign-in: the session ends once the stored one moved on (sign-out). */
  generation: number;
  expiresAt: number;
}

const SIGNED_IN_TTL_MS = 8 * 3600_000;
const ANONYMOUS_TTL_MS = 24 * 3600_000;

/**
 * Sessions live in a signed cookie (HMAC-SHA256 with a key of their own, derived from the service
 * secret), so any identity replica reads them; a signed-in one holds only while its generation is the
 * user's stored one (`sessions` below checks it on every request), so sign-out ends it server-side.
 */
export class SessionCodec {
  private readonly key: Buffer;

  constructor(serviceSecret: string) {
    // Key separation: the access-token signing secret itself never signs cookies.
    this.key = createHmac('sha256', serviceSecret).update('identity-session-cookie-v1').digest();
  }

  encode(session: Session): string {
    const payload = Buffer.from(JSON.stringify(session)).toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  decode(value: string | undefined, now = Date.now()): Session | undefined {
    const [payload, signature, extra] = (value ?? '').split('.');
    if (!payload || !signature || extra !== undefined || !safeEqual(signature, this.sign(payload))) return undefined;
    try {
      const session = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Session;
      const wellFormed =
        typeof session.sid === 'string' &&
        Number.isSafeInteger(session.userId) &&
        Number.isSafeInteger(session.generation) &&
        typeof session.expiresAt === 'number';
      return wellFormed && session.expiresAt > now ? session : undefined;
    } catch {
      return undefined;
    }
  }

  /** Session-bound CSRF token: only a page we rendered for this session knows it. */
  csrfToken(session: Session): string {
    return this.sign(`csrf:${session.sid}`);
  }

  checkCsrf(session: Session, candidate: unknown): boolean {
    return typeof candidate === 'string' && safeEqual(candidate, this.csrfToken(session));
  }

  private sign(text: string): string {
    return createHmac('sha256', this.key).update(text).digest('base64url');
  }
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** An anonymous session, or one signed in as `user` under its current session generation. */
export const newSession = (user?: Pick<UserDocument, 'id' | 'session_generation'>, now = Date.now()): Session => ({
  sid: randomBytes(16).toString('base64url'),
  userId: user?.id ?? 0,
  generation: user ? sessionGenerationOf(user) : 0,
  expiresAt: now + (user ? SIGNED_IN_TTL_MS : ANONYMOUS_TTL_MS),
});

export interface CookieSettings {
  /** Secure cookies (and the __Host- prefix) when the public address is https. */
  secure: boolean;
}

const cookieName = (settings: CookieSettings) => (settings.secure ? '__Host-sc_session' : 'sc_session');

function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

/**
 * Puts the session on `res.locals.session` (and its user on `res.locals.user`), starting an anonymous one
 * (and its cookie) when there is none, or when the signed-in one has ended: its user is gone, or signed out
 * since (the stored session generation moved on). The user is read on every request, so every replica sees
 * a sign-out at once.
 */
export function sessions(codec: SessionCodec, settings: CookieSettings, users: Pick<UserRepository, 'findById'>): RequestHandler {
  return async (req, res, next) => {
    const existing = codec.decode(readCookie(req, cookieName(settings)));
    const user = existing?.userId ? await users.findById(existing.userId) : null;
    const ended = existing !== undefined && existing.userId !== 0 && (!user || sessionGenerationOf(user) !== existing.generation);
    if (existing && !ended) {
      res.locals.session = existing;
      res.locals.user = user ?? undefined;
    } else setSession(res, codec, settings, newSession());
    next();
  };
}

/** Replaces the session (sign-in and sign-out rotate the id, so a planted id is worth nothing). */
export function setSession(res: Response, codec: SessionCodec, settings: CookieSettings, session: Session): void {
  res.locals.session = session;
  res.cookie(cookieName(settings), codec.encode(session), {
    httpOnly: true,
    sameSite: 'lax',
    secure: settings.secure,
    path: '/',
    maxAge: session.expiresAt - Date.now(),
  });
}

export const sessionOf = (res: Response): Session => res.locals.session as Session;

/** The user of the request's signed-in session (checked by `sessions`), if any. */
export const signedInUserOf = (res: Response): UserDocument | undefined => res.locals.user as UserDocument | undefined;
