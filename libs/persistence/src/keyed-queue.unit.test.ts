import { KeyedQueue } from './keyed-queue';

/** A task that records when it starts and finishes, and waits until the test releases it. */
function gatedTask(log: string[], name: string) {
  let release = () => undefined as void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const task = async () => {
    log.push(`${name} start`);
    await gate;
    log.push(`${name} end`);
    return name;
  };
  return { task, release };
}

describe('KeyedQueue', () => {
  it('runs the tasks of one store one at a time, in call order', async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    const first = gatedTask(log, 'first');
    const second = gatedTask(log, 'second');

    const results = [queue.run(1, first.task), queue.run(1, second.task)];
    await Promise.resolve();
    second.release();
    first.release();

    expect(await Promise.all(results)).toEqual(['first', 'second']);
    expect(log).toEqual(['first start', 'first end', 'second start', 'second end']);
  });

  it('lets different stores run side by side', async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    const one = gatedTask(log, 'one');
    const two = gatedTask(log, 'two');

    const results = [queue.run(1, one.task), queue.run(2, two.task)];
    await new Promise((resolve) => setImmediate(resolve));

    expect(log).toEqual(['one start', 'two start']);
    one.release();
    two.release();
    await Promise.all(results);
  });

  it('runs the next task after one that failed, and passes the failure to its caller', async () => {
    const queue = new KeyedQueue();

    const failed = queue.run(1, async () => {
      throw new Error('boom');
    });
    const next = queue.run(1, async () => 'ran');

    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('ran');
  });
});
