import { startOfLocalDate, storeDays } from './store-days';

describe('the local days of a range (docs/orders.md#sales-summary)', () => {
  it.each([
    ['2026-03-08', 'America/New_York', '2026-03-08T05:00:00.000Z'], // a 23-hour day: summer time starts at 02:00
    ['2026-03-09', 'America/New_York', '2026-03-09T04:00:00.000Z'],
    ['2026-11-02', 'America/New_York', '2026-11-02T05:00:00.000Z'], // after the 25-hour day
    ['2026-09-06', 'America/Santiago', '2026-09-06T04:00:00.000Z'], // summer time skips midnight: the day begins at 01:00
    ['2026-04-05', 'America/Santiago', '2026-04-05T04:00:00.000Z'], // midnight comes twice: the second is the day's
    ['2026-03-01', 'Asia/Kathmandu', '2026-02-28T18:15:00.000Z'],
    ['2026-03-01', 'Pacific/Kiritimati', '2026-02-28T10:00:00.000Z'],
  ])('%s begins in %s at %s', (date, zone, instant) => {
    expect(new Date(startOfLocalDate(date, zone)).toISOString()).toBe(instant);
  });

  it('answers each date the range touches and where each begins, the first at the range start, the last ending just after it', () => {
    expect(storeDays(new Date('2026-03-07T12:00:00Z'), new Date('2026-03-10T03:00:00Z'), 'America/New_York')).toEqual({
      dates: ['2026-03-07', '2026-03-08', '2026-03-09'],
      boundaries: [
        new Date('2026-03-07T12:00:00Z'),
        new Date('2026-03-08T05:00:00Z'),
        new Date('2026-03-09T04:00:00Z'),
        new Date('2026-03-10T03:00:00.001Z'),
      ],
    });
  });

  it('reads an empty or unknown zone as UTC, and a range within one day as that day', () => {
    const within = storeDays(new Date('2026-03-07T01:00:00Z'), new Date('2026-03-07T02:00:00Z'), 'Nowhere/Town');

    expect(within).toEqual({ dates: ['2026-03-07'], boundaries: [new Date('2026-03-07T01:00:00Z'), new Date('2026-03-07T02:00:00.001Z')] });
    expect(storeDays(new Date('2026-03-07T23:00:00Z'), new Date('2026-03-08T01:00:00Z'), '').dates).toEqual(['2026-03-07', '2026-03-08']);
  });

  it('answers 367 dates for 366 days from a second before local midnight', () => {
    const from = new Date('2026-01-01T04:59:59Z');
    const to = new Date(from.getTime() + 366 * 24 * 60 * 60 * 1000);

    expect(storeDays(from, to, 'America/New_York').dates).toHaveLength(367);
  });
});
