import {
  addDays,
  BucketCache,
  bucketsOf,
  entersThroughMarketplace,
  localDate,
  marketplaceHost,
  SESSION_GAP_MS,
  shownDays,
  shownWeeks,
  startsVisit,
  weekdayName,
  weekLabel,
  weekStartOf,
} from './visits';

const at = (iso: string) => new Date(iso);

describe('local dates in a store zone', () => {
  it('changes day at local midnight, before and after New York leaves summer time (1 Nov 2026, 06:00 UTC)', () => {
    const ny = 'America/New_York';
    expect(localDate(at('2026-11-01T03:59:59Z'), ny)).toBe('2026-10-31'); // 23:59:59 EDT
    expect(localDate(at('2026-11-01T04:00:00Z'), ny)).toBe('2026-11-01'); // 00:00 EDT
    expect(localDate(at('2026-11-02T04:59:59Z'), ny)).toBe('2026-11-01'); // 23:59:59 EST: the day lasted 25 hours
    expect(localDate(at('2026-11-02T05:00:00Z'), ny)).toBe('2026-11-02');
  });

  it('changes day at local midnight when summer time starts (8 Mar 2026: a 23-hour day)', () => {
    const ny = 'America/New_York';
    expect(localDate(at('2026-03-08T04:59:59Z'), ny)).toBe('2026-03-07');
    expect(localDate(at('2026-03-08T05:00:00Z'), ny)).toBe('2026-03-08');
    expect(localDate(at('2026-03-09T03:59:59Z'), ny)).toBe('2026-03-08');
    expect(localDate(at('2026-03-09T04:00:00Z'), ny)).toBe('2026-03-09');
  });

  it('gives one moment a different date in zones on either side of the date line', () => {
    const moment = at('2026-11-24T11:30:00Z');
    expect(localDate(moment, 'Pacific/Auckland')).toBe('2026-11-25');
    expect(localDate(moment, 'UTC')).toBe('2026-11-24');
    expect(localDate(moment, 'Pacific/Honolulu')).toBe('2026-11-24');
    expect(localDate(at('2026-11-24T09:59:00Z'), 'Pacific/Honolulu')).toBe('2026-11-23');
  });

  it('puts a day in the week that starts on the Sunday on or before it', () => {
    expect(weekStartOf('2026-11-24')).toBe('2026-11-22'); // Tuesday
    expect(weekStartOf('2026-11-22')).toBe('2026-11-22'); // Sunday
    expect(weekStartOf('2026-11-28')).toBe('2026-11-22'); // Saturday
    expect(weekStartOf('2027-01-02')).toBe('2026-12-27'); // across the year
    expect(bucketsOf(at('2026-11-01T04:30:00Z'), 'America/New_York')).toEqual({ day: '2026-11-01', week: '2026-11-01' });
    expect(bucketsOf(at('2026-11-01T03:30:00Z'), 'America/New_York')).toEqual({ day: '2026-10-31', week: '2026-10-25' });
  });

  it('labels weeks M/D/YY and days by weekday name', () => {
    expect(weekLabel('2026-11-22')).toBe('11/22/26');
    expect(weekLabel('2027-01-03')).toBe('1/3/27');
    expect(weekLabel('2009-03-01')).toBe('3/1/09');
    expect(['2026-11-22', '2026-11-23', '2026-11-28'].map(weekdayName)).toEqual(['Sunday', 'Monday', 'Saturday']);
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});

describe('the days and weeks a read shows', () => {
  it('shows the last 7 days up to today in the store zone, oldest first', () => {
    const now = at('2026-11-24T11:30:00Z'); // Tuesday in New York, Wednesday in Auckland
    expect(shownDays(now, 'America/New_York').map(weekdayName)).toEqual([
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
      'Monday',
      'Tuesday',
    ]);
    expect(shownDays(now, 'America/New_York')).toEqual([
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
    ]);
    expect(shownDays(now, 'Pacific/Auckland').at(-1)).toBe('2026-11-25');
    expect(shownDays(now, 'Pacific/Auckland').map(weekdayName).at(-1)).toBe('Wednesday');
  });

  it('shows 8 week starts 7 calendar days apart, also across a summer-time change and a new year', () => {
    expect(shownWeeks(at('2026-11-24T11:30:00Z'), 'America/New_York')).toEqual([
      '2026-10-04',
      '2026-10-11',
      '2026-10-18',
      '2026-10-25',
      '2026-11-01',
      '2026-11-08',
      '2026-11-15',
      '2026-11-22',
    ]);
    expect(shownWeeks(at('2027-01-05T12:00:00Z'), 'Europe/Berlin').map(weekLabel)).toEqual([
      '11/15/26',
      '11/22/26',
      '11/29/26',
      '12/6/26',
      '12/13/26',
      '12/20/26',
      '12/27/26',
      '1/3/27',
    ]);
  });

  it('moves to a new week at local Sunday midnight', () => {
    const ny = 'America/New_York';
    expect(shownWeeks(at('2026-11-22T04:59:59Z'), ny).at(-1)).toBe('2026-11-15'); // Saturday 23:59:59 EST
    expect(shownWeeks(at('2026-11-22T05:00:00Z'), ny).at(-1)).toBe('2026-11-22');
  });
});

describe('BucketCache', () => {
  it('answers as bucketsOf for every minute of three days around summer-time changes, in whole- and quarter-hour zones', () => {
    for (const [zone, start] of [
      ['America/New_York', '2026-10-31T00:00:00Z'],
      ['Europe/London', '2026-03-28T00:00:00Z'],
      ['Asia/Kathmandu', '2026-11-23T00:00:00Z'],
      ['Australia/Adelaide', '2026-04-04T00:00:00Z'],
    ] as const) {
      const cache = new BucketCache();
      const from = at(start).getTime();
      for (let t = from; t < from + 3 * 24 * 3600_000; t += 60_000) {
        expect([zone, t, cache.bucketsOf(t, zone)]).toEqual([zone, t, bucketsOf(t, zone)]);
      }
    }
  });
});

describe('the session rule', () => {
  const t0 = at('2026-11-24T12:00:00Z').getTime();

  it("starts a visit at a browser's first view and at a view 30 minutes or more after its last", () => {
    expect(startsVisit(undefined, t0)).toBe(true);
    expect(startsVisit(t0, t0 + SESSION_GAP_MS - 1)).toBe(false);
    expect(startsVisit(t0, t0 + SESSION_GAP_MS)).toBe(true);
    expect(startsVisit(t0, t0 + 5 * 60_000)).toBe(false);
  });

  it('keeps a late-arriving view in the visit in progress', () => {
    expect(startsVisit(t0, t0 - 2 * SESSION_GAP_MS)).toBe(false);
  });
});

describe('marketplace entry', () => {
  const marketplace = marketplaceHost('Shops.Localhost');

  it('is ?ref=marketplace or a referrer on the marketplace host', () => {
    expect(marketplace).toBe('marketplace.shops.localhost');
    expect(entersThroughMarketplace({ ref: 'marketplace', referer: '' }, marketplace)).toBe(true);
    expect(entersThroughMarketplace({ ref: 'Marketplace', referer: '' }, marketplace)).toBe(true);
    expect(entersThroughMarketplace({ ref: '', referer: 'http://marketplace.shops.localhost:8080/search?q=bolts' }, marketplace)).toBe(
      true,
    );
    expect(entersThroughMarketplace({ ref: '', referer: 'https://MARKETPLACE.shops.localhost/' }, marketplace)).toBe(true);
  });

  it('is not another referrer, a look-alike host, another ref or a malformed referrer', () => {
    expect(entersThroughMarketplace({ ref: '', referer: '' }, marketplace)).toBe(false);
    expect(entersThroughMarketplace({ ref: 'newsletter', referer: 'https://www.google.com/' }, marketplace)).toBe(false);
    expect(entersThroughMarketplace({ ref: '', referer: 'https://marketplace.shops.localhost.evil.example/' }, marketplace)).toBe(false);
    expect(entersThroughMarketplace({ ref: '', referer: 'https://bolts.shops.localhost/?ref=marketplace' }, marketplace)).toBe(false);
    expect(entersThroughMarketplace({ ref: '', referer: 'not a url' }, marketplace)).toBe(false);
  });
});
