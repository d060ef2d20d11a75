import { formatTimestamp, isValidTimeZone } from '@commerce/api-presenters';

describe('formatTimestamp', () => {
  const instant = new Date('2026-01-15T12:34:56.789Z');

  it('renders the wall clock of the zone with its offset', () => {
    expect(formatTimestamp(instant, 'America/New_York')).toBe('2026-01-15T07:34:56-05:00');
    expect(formatTimestamp(instant, 'Asia/Kolkata')).toBe('2026-01-15T18:04:56+05:30');
    expect(formatTimestamp(instant, 'UTC')).toBe('2026-01-15T12:34:56+00:00');
  });

  it('follows daylight saving time', () => {
    expect(formatTimestamp(new Date('2026-07-15T12:00:00Z'), 'America/New_York')).toBe('2026-07-15T08:00:00-04:00');
  });

  it('crosses the date line correctly', () => {
    expect(formatTimestamp(new Date('2026-01-15T23:30:00Z'), 'Pacific/Auckland')).toBe('2026-01-16T12:30:00+13:00');
    expect(formatTimestamp(new Date('2026-01-15T00:30:00Z'), 'America/Los_Angeles')).toBe('2026-01-14T16:30:00-08:00');
  });

  it('shows whole seconds, the same for every instant of one second, before 1970 too', () => {
    expect(formatTimestamp(new Date('2026-03-08T06:59:59.001Z'), 'America/New_York')).toBe('2026-03-08T01:59:59-05:00');
    expect(formatTimestamp(new Date('2026-03-08T06:59:59.999Z'), 'America/New_York')).toBe('2026-03-08T01:59:59-05:00');
    // The next second is past the switch to daylight saving time.
    expect(formatTimestamp(new Date('2026-03-08T07:00:00.000Z'), 'America/New_York')).toBe('2026-03-08T03:00:00-04:00');
    expect(formatTimestamp(new Date('1969-12-31T23:59:58.400Z'), 'UTC')).toBe('1969-12-31T23:59:58+00:00');
    expect(formatTimestamp(new Date('1969-12-31T23:59:58.900Z'), 'UTC')).toBe('1969-12-31T23:59:58+00:00');
  });

  it('falls back to UTC for an unknown zone', () => {
    expect(formatTimestamp(instant, 'Mars/Olympus')).toBe('2026-01-15T12:34:56+00:00');
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('Europe/Paris')).toBe(true);
  });
});
