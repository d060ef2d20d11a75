import type { Logger } from '@commerce/observability';
import type { IdentityDeps } from './identity-deps';

/** A used or expired code only matters for reuse detection, which an hour past its expiry covers; then it goes. */
export const CODE_KEPT_AFTER_EXPIRY_MS = 3_600_000;

/** Deletes the authorization codes that expired over an hour ago; run every CODE_PURGE_INTERVAL_MS. */
export async function purgeExpiredCodes(deps: Pick<IdentityDeps, 'codes' | 'clock'>, logger: Logger): Promise<void> {
  const cutoff = new Date(deps.clock().getTime() - CODE_KEPT_AFTER_EXPIRY_MS);
  const purged = await deps.codes.purgeExpiredBefore(cutoff);
  if (purged > 0) logger.info({ purged }, 'expired authorization codes purged');
}

/** A failed purge only waits for the next run: an expired code is refused whether or not it is still stored. */
export function reportPurgeFailure(logger: Logger, error: unknown): void {
  logger.warn({ err: error }, 'could not purge expired authorization codes');
}
