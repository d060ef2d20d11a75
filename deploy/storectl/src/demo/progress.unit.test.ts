import { Progress, progressLine } from './progress';

describe('progressLine', () => {
  it('draws the share done, the counts and a remark', () => {
    expect(progressLine('orders', 5, 10, '', 60)).toBe(`orders [${'#'.repeat(15)}${'.'.repeat(15)}] 5/10`);
    expect(progressLine('orders', 10, 10, 'rate limited', 80)).toBe(`orders [${'#'.repeat(30)}] 10/10  rate limited`);
    expect(progressLine('orders', 0, 0, '', 80)).toContain('0/0');
  });

  it('fits a narrow terminal', () => {
    expect(progressLine('checkouts', 3, 50, 'rate limited: waiting 1.0 s', 40).length).toBeLessThanOrEqual(39);
  });
});

describe('Progress', () => {
  const aStream = (isTTY: boolean) => {
    const written: string[] = [];
    return { written, stream: { isTTY, columns: 80, write: (text: string) => written.push(text) } };
  };

  it('redraws one line on a terminal and ends it when the step finishes', () => {
    const { written, stream } = aStream(true);
    const progress = new Progress(stream);

    progress.start('products', 2);
    progress.tick();
    progress.tick();
    progress.finish();

    expect(written).toHaveLength(4);
    expect(written.slice(0, 3).every((text) => text.startsWith('\r'))).toBe(true);
    expect(written[2]).toContain('2/2');
    expect(written[3]).toBe('\n');
  });

  it('writes nothing when stderr is not a terminal', () => {
    const { written, stream } = aStream(false);
    const progress = new Progress(stream);

    progress.start('products', 1);
    progress.remark('rate limited');
    progress.tick();
    progress.finish();

    expect(written).toEqual([]);
  });
});
