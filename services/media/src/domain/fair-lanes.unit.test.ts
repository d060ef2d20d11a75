import { FairLanes } from './fair-lanes';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('FairLanes', () => {
  it("serves another store's one job before the rest of a store's many", async () => {
    const lanes = new FairLanes(1);
    const order: string[] = [];
    const releases: Array<() => void> = [];
    const job = (name: string) => () =>
      new Promise<void>((resolve) => {
        order.push(name);
        releases.push(resolve);
      });
    const done = [1, 2, 3, 4].map((n) => lanes.run('busy-store', job(`busy ${n}`)));
    done.push(lanes.run('other-store', job('other 1')));
    for (let step = 0; step < 5; step += 1) {
      await tick();
      releases.shift()?.();
    }
    await Promise.all(done);
    expect(order.slice(0, 2)).toEqual(['busy 1', 'other 1']);
    expect(order).toHaveLength(5);
  });

  it('runs at most `concurrency` jobs, one per lane', async () => {
    const lanes = new FairLanes(2);
    let running = 0;
    let most = 0;
    const perLane = new Map<string, number>();
    const job = (lane: string) => async () => {
      running += 1;
      perLane.set(lane, (perLane.get(lane) ?? 0) + 1);
      most = Math.max(most, running);
      expect(perLane.get(lane)).toBe(1);
      await tick();
      perLane.set(lane, perLane.get(lane)! - 1);
      running -= 1;
    };
    await Promise.all(['a', 'a', 'b', 'b', 'c', 'c'].map((lane) => lanes.run(lane, job(lane))));
    expect(most).toBe(2);
    expect(lanes.waiting).toBe(0);
  });

  it('passes a failed job on to its caller and goes on', async () => {
    const lanes = new FairLanes(1);
    await expect(lanes.run('a', () => Promise.reject(new Error('bad bytes')))).rejects.toThrow('bad bytes');
    await expect(lanes.run('a', () => Promise.resolve(7))).resolves.toBe(7);
  });
});
