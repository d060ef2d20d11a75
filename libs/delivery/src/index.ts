export * from './retry-schedule';
export { NO_LEASE, claimJob, dueFilter, settleJob, type LeasedJob } from './leased-jobs';
export { PassLoop, type PassFailed } from './pass-loop';
export { workerTask } from './worker-task';
