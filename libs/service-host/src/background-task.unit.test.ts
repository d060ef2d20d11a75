import { periodic } from './background-task';
import { waitFor } from '@commerce/testing';

describe('periodic', () => {
  it('runs at start, then every interval, one run at a time, and stop() waits for the run in flight', async () => {
    let active = 0;
    let overlapped = false;
    let runs = 0;
    let release: () => void = () => undefined;
    const task = periodic(
      'sweep',
      5,
      async () => {
        active += 1;
        overlapped ||= active > 1;
        runs += 1;
        if (runs === 2) await new Promise<void>((resolve) => (release = resolve));
        active -= 1;
      },
      () => undefined,
    );
    task.start();
    await task.firstRun;
    expect(runs).toBe(1);
    await waitFor(async () => runs === 2, { message: 'the second run to start' });
    const stopped = task.stop();
    let stopResolved = false;
    void stopped.then(() => (stopResolved = true));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(stopResolved).toBe(false);
    release();
    await stopped;
    expect(overlapped).toBe(false);
    const runsAtStop = runs;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(runs).toBe(runsAtStop);
  });

  it('reports a failed run and keeps going', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    const task = periodic(
      'sweep',
      5,
      async () => {
        runs += 1;
        if (runs === 1) throw new Error('store busy');
      },
      (error) => errors.push(error),
    );
    task.start();
    await waitFor(async () => runs >= 2, { message: 'a run after the failed one' });
    await task.stop();
    expect(errors).toEqual([new Error('store busy')]);
  });
});
