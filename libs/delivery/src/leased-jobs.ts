import type { Collection, Doc } from '@commerce/persistence';

// Jobs that survive a crash (docs/delivery.md#leased-jobs): each is a document, pending until an attempt ends it, and an
// attempt is made only by the worker holding the job's lease. A worker that dies mid-attempt leaves a lease that runs
// out; the job is then due again, so nothing is lost (and an attempt the receiver took before the death is made again).

/** The lease of a job nobody holds. */
export const NO_LEASE = new Date(0);

/** What every leased job carries, whatever else it holds. */
export interface LeasedJob extends Doc {
  id: number;
  status: string;
  next_attempt_at: Date;
  lease_until: Date;
  lease_owner: string;
  attempt_count: number;
}

/** The query of the pending jobs due at `now` that nobody holds. */
export const dueFilter = (now: Date): Record<string, unknown> => ({
  status: 'pending',
  next_attempt_at: { $lte: now },
  lease_until: { $lte: now },
});

/** Takes the job for `owner` until `until` when it is still pending and nobody holds it; null when another took it. */
export function claimJob<T extends LeasedJob>(jobs: Collection<T>, id: number, owner: string, now: Date, until: Date): Promise<T | null> {
  return jobs.findOneAndUpdate(
    { id, status: 'pending', lease_until: { $lte: now } },
    { $set: { lease_owner: owner, lease_until: until } },
    { returnDocument: 'after' },
  );
}

/**
 * Stores an attempt's end in the job, and lets the lease go, while `owner` still holds it; false when its lease was lost
 * (another worker may be making the attempt again). `inc` counts the attempt; `push` appends to the job's attempt log.
 */
export async function settleJob<T extends LeasedJob>(
  jobs: Collection<T>,
  id: number,
  owner: string,
  change: { set: Partial<T>; inc?: Record<string, number>; push?: Record<string, unknown> },
): Promise<boolean> {
  const update: Record<string, unknown> = { $set: { ...change.set, lease_owner: '', lease_until: NO_LEASE } };
  if (change.inc) update.$inc = change.inc;
  if (change.push) update.$push = change.push;
  const updated = await jobs.updateOne({ id, lease_owner: owner, status: 'pending' }, update);
  return updated.matched > 0;
}
