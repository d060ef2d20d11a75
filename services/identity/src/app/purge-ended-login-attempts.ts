import type { Logger } from '@commerce/observability';
import { windowsOpenSince } from '../domain/login-throttle';
import type { IdentityDeps } from './identity-deps';

/**
 * An ended window counts for nothing (the next attempt starts a new one), so its counter can go. A
 * minute's margin keeps a window a replica whose clock runs behind still counts in.
 */
export const ATTEMPTS_KEPT_AFTER_WINDOW_MS = 60_000;

/**
 * Deletes the sign-in attempt counters whose window is over, unknown identifiers' included, so guessing
 * many identifiers grows the table only for one window; run every LOGIN_ATTEMPT_PURGE_INTERVAL_MS.
 */
export async function purgeEndedLoginAttempts(
  deps: Pick<IdentityDeps, 'loginAttempts' | 'loginThrottle' | 'clock'>,
  logger: Logger,
): Promise<void> {
  const cutoff = new Date(windowsOpenSince(deps.loginThrottle, deps.clock()).getTime() - ATTEMPTS_KEPT_AFTER_WINDOW_MS);
  const purged = await deps.loginAttempts.purgeStartedBy(cutoff);
  if (purged > 0) logger.info({ purged }, 'ended sign-in attempt windows purged');
}

/** A failed purge only waits for the next run: an ended window is not counted whether or not it is still stored. */
export function reportAttemptPurgeFailure(logger: Logger, error: unknown): void {
  logger.warn({ err: error }, 'could not purge ended sign-in attempt windows');
}
