import { instantOfLocalInput, knownZone, localInputOf } from './store-time';

const at = (iso: string) => Date.parse(iso);

describe("times typed and shown in the store's zone, whatever the machine's", () => {
  it('reads a wall clock of New York at its offset, winter and summer', () => {
    expect(instantOfLocalInput('2026-01-15T09:00', 'America/New_York')).toBe(at('2026-01-15T14:00:00Z'));
    expect(instantOfLocalInput('2026-07-01T09:00', 'America/New_York')).toBe(at('2026-07-01T13:00:00Z'));
    expect(instantOfLocalInput('2026-07-01T09:00:30', 'America/New_York')).toBe(at('2026-07-01T13:00:30Z'));
  });

  it('reads a zone far from the machine’s: Kiritimati (+14), Kolkata (+5:30), Pago Pago (−11)', () => {
    expect(instantOfLocalInput('2026-03-01T00:00', 'Pacific/Kiritimati')).toBe(at('2026-02-28T10:00:00Z'));
    expect(instantOfLocalInput('2026-03-01T00:00', 'Asia/Kolkata')).toBe(at('2026-02-28T18:30:00Z'));
    expect(instantOfLocalInput('2026-03-01T23:30', 'Pacific/Pago_Pago')).toBe(at('2026-03-02T10:30:00Z'));
    expect(localInputOf('2026-02-28T10:00:00Z', 'Pacific/Kiritimati')).toBe('2026-03-01T00:00');
    expect(localInputOf('2026-03-02T10:30:00Z', 'Pacific/Pago_Pago')).toBe('2026-03-01T23:30');
  });

  it('moves a time the clocks skip on by the gap: New York, 2026-03-08, 02:00 → 03:00', () => {
    expect(instantOfLocalInput('2026-03-08T01:59', 'America/New_York')).toBe(at('2026-03-08T06:59:00Z'));
    expect(instantOfLocalInput('2026-03-08T02:30', 'America/New_York')).toBe(at('2026-03-08T07:30:00Z'));
    expect(localInputOf('2026-03-08T07:30:00Z', 'America/New_York')).toBe('2026-03-08T03:30');
    expect(instantOfLocalInput('2026-03-08T03:00', 'America/New_York')).toBe(at('2026-03-08T07:00:00Z'));
    // The day is 23 hours long: midnight to midnight.
    const midnights = ['2026-03-08T00:00', '2026-03-09T00:00'].map((text) => instantOfLocalInput(text, 'America/New_York')!);
    expect((midnights[1] - midnights[0]) / 3_600_000).toBe(23);
  });

  it('reads a time the clocks show twice as the first: New York, 2026-11-01, 01:00–02:00', () => {
    expect(instantOfLocalInput('2026-11-01T01:30', 'America/New_York')).toBe(at('2026-11-01T05:30:00Z'));
    expect(localInputOf('2026-11-01T05:30:00Z', 'America/New_York')).toBe('2026-11-01T01:30');
    expect(localInputOf('2026-11-01T06:30:00Z', 'America/New_York')).toBe('2026-11-01T01:30');
    expect(instantOfLocalInput('2026-11-01T02:00', 'America/New_York')).toBe(at('2026-11-01T07:00:00Z'));
    const midnights = ['2026-11-01T00:00', '2026-11-02T00:00'].map((text) => instantOfLocalInput(text, 'America/New_York')!);
    expect((midnights[1] - midnights[0]) / 3_600_000).toBe(25);
  });

  it('handles a change at midnight: Santiago skips 2026-09-06 00:00 → 01:00', () => {
    expect(instantOfLocalInput('2026-09-06T00:00', 'America/Santiago')).toBe(at('2026-09-06T04:00:00Z'));
    expect(localInputOf('2026-09-06T04:00:00Z', 'America/Santiago')).toBe('2026-09-06T01:00');
  });

  it('shows an instant the API gave at any offset in the zone', () => {
    expect(localInputOf('2026-07-01T09:00:00-04:00', 'America/New_York')).toBe('2026-07-01T09:00');
    expect(localInputOf('2026-07-01T13:00:00Z', 'Asia/Tokyo')).toBe('2026-07-01T22:00');
    expect(localInputOf(null, 'Asia/Tokyo')).toBe('');
    expect(localInputOf('soon', 'Asia/Tokyo')).toBe('');
  });

  it('reads an empty or unknown zone as UTC, and refuses what is no date and time', () => {
    expect(knownZone('')).toBe('UTC');
    expect(knownZone('Mars/Olympus_Mons')).toBe('UTC');
    expect(knownZone('Europe/Paris')).toBe('Europe/Paris');
    expect(instantOfLocalInput('2026-07-01T09:00', 'Mars/Olympus_Mons')).toBe(at('2026-07-01T09:00:00Z'));
    expect(instantOfLocalInput('', 'UTC')).toBeNull();
    expect(instantOfLocalInput('2026-02-30T09:00', 'UTC')).toBeNull();
    expect(instantOfLocalInput('2026-07-01T24:00', 'UTC')).toBeNull();
    expect(instantOfLocalInput('tomorrow', 'UTC')).toBeNull();
  });
});
