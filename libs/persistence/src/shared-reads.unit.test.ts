import { SharedReads } from './shared-reads';

describe('SharedReads', () => {
  it('gives the callers of one key in the same run of microtasks one read, made after the last of them asked', async () => {
    const reads: Array<{ key: string; value: number }> = [];
    let value = 1;
    const shared = new SharedReads(async (key: string) => {
      reads.push({ key, value });
      return value;
    });

    const first = shared.get('a');
    value = 2;
    const second = shared.get('a');
    const other = shared.get('b');

    expect(await Promise.all([first, second, other])).toEqual([2, 2, 2]);
    expect(reads).toEqual([
      { key: 'a', value: 2 },
      { key: 'b', value: 2 },
    ]);
  });

  it('reads again for a caller that asks once the shared read has started', async () => {
    let reads = 0;
    const shared = new SharedReads(async () => ++reads);

    const first = shared.get('a');
    await Promise.resolve();
    await Promise.resolve();
    const later = shared.get('a');

    expect([await first, await later]).toEqual([1, 2]);
  });

  it('hands a failed read to each of its callers, and the next caller reads again', async () => {
    let fail = true;
    const shared = new SharedReads(async () => {
      if (fail) throw new Error('database closed');
      return 'webhooks';
    });

    const answers = await Promise.allSettled([shared.get('a'), shared.get('a')]);
    fail = false;

    expect(answers.map((answer) => answer.status)).toEqual(['rejected', 'rejected']);
    expect(await shared.get('a')).toBe('webhooks');
  });
});
