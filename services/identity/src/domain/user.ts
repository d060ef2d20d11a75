import { violationsOf, type FieldViolations } from '@commerce/grpc-runtime';
import { z } from 'zod';

// A type alias (not an interface) so records fit the persistence port's document type.
export type UserRecord = Omit<z.output<typeof accountFields>, 'password'> & {
  id: number;
  password_hash: string;
  bio: string;
  location: string;
  gender: string;
  twitter: string;
  facebook: string;
  birthday: string;
  /** 0 until the user's store exists. */
  store_id: number;
  /** Ties the user to the one store creation it asked for, so retries finish it instead of making another. */
  store_request_key: string;
  /**
   * The pages' sessions of this user carry the generation they were signed in under and hold only while it is
   * still this one; sign-out moves it on, ending them all. Absent (users stored before it existed) reads as 0.
   */
  session_generation?: number;
  created_at: Date;
  updated_at: Date;
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const LOGIN = /^[a-z0-9][a-z0-9_.-]{1,38}[a-z0-9]$/;
export const MIN_PASSWORD_LENGTH = 8;

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/**
 * The fields a new account gives, declared once (docs/architecture.md#one-description-per-record): the e-mail (held
 * trimmed and lowercase), the password (only its hash is kept) and the login (empty: derived from the e-mail), with
 * the rules and the messages a client reads.
 */
export const accountFields = z.object({
  email: z
    .string()
    .transform(normalizeEmail)
    .refine((email) => EMAIL.test(email) && email.length <= 254, { message: 'is not a valid e-mail address' }),
  password: z
    .string()
    .refine((password) => password.length >= MIN_PASSWORD_LENGTH, {
      message: `is too short (minimum is ${MIN_PASSWORD_LENGTH} characters)`,
      abort: true,
    })
    .refine((password) => password.length <= 1024, { message: 'is too long (maximum is 1024 characters)' }),
  login: z.string().refine((login) => !login || LOGIN.test(login), { message: 'must be 3 to 40 lowercase letters, digits, _ . or -' }),
});
export type NewAccountInput = z.input<typeof accountFields>;

export function validateNewAccount(input: NewAccountInput): FieldViolations {
  const result = accountFields.safeParse(input);
  return result.success ? {} : violationsOf(result.error.issues);
}

export const sessionGenerationOf = (user: Pick<UserRecord, 'session_generation'>): number => user.session_generation ?? 0;

/** A login derived from the e-mail's local part when none is given; it obeys the same rules as a chosen one. */
export function loginFromEmail(email: string): string {
  // Cut to length before trimming the ends, so the cut cannot leave a trailing '.', '_' or '-'.
  const local = email
    .split('@')[0]
    .toLowerCase()
    .replace(/[^a-z0-9_.-]/g, '')
    .slice(0, 40)
    .replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, '');
  return local.length >= 3 ? local : `${local}user`;
}
