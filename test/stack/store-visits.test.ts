// Visit statistics through the gateway (spec 4.2, 2.7): the answer's shape, and zeros for a store nobody visited,
// in the store's zone. Page views made by a real browser are the buyer-site end-to-end test's.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { json, startStack, stackEnvironment, storectl, type StackHandle } from '../support/stack.harness';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Today's weekday name in a zone. */
const weekdayIn = (timeZone: string, at = new Date()) => new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long' }).format(at);

describe('visit statistics through the whole stack', () => {
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let stack: StackHandle;
  let key: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-visits-'));
    env = await stackEnvironment(dataDir);
    stack = await startStack(env);
    const result = await storectl(env, ['store', 'create', '--name', 'Quiet Shop', '--subdomain', 'quietshop', '--email', 'quiet@example.com', '--password', 'correct horse battery']);
    expect(result.code).toBe(0);
    key = (result.json as { api_key: string }).api_key;
  });

  afterAll(async () => {
    await stack?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (pathAndQuery: string, headers: Record<string, string> = { 'API-KEY': key }) => fetch(`${stack.baseUrl}${pathAndQuery}`, { headers });

  /** The body of a 200, and today's weekday in `timeZone` taken before and after the call (a read at midnight may show either). */
  async function read(pathAndQuery: string, timeZone: string) {
    const before = weekdayIn(timeZone);
    const response = await get(pathAndQuery);
    const after = weekdayIn(timeZone);
    expect(response.status).toBe(200);
    return { body: await json(response), today: [before, after] };
  }

  function expectZerosShape(data: { weekly_visits: Array<{ weekly_visit: Record<string, unknown> }>; daily_visits: Array<{ daily_visit: Record<string, unknown> }> }, today: string[]) {
    expect(Object.keys(data).sort()).toEqual(['daily_visits', 'weekly_visits']);
    expect(data.weekly_visits).toHaveLength(8);
    expect(data.daily_visits).toHaveLength(7);
    for (const { weekly_visit } of data.weekly_visits) {
      expect(weekly_visit).toEqual({ week: expect.stringMatching(/^\d{1,2}\/\d{1,2}\/\d\d$/), visits: 0, visitors: 0 });
    }
    for (const { daily_visit } of data.daily_visits) expect(daily_visit).toEqual({ day: expect.any(String), visits: 0, visitors: 0 });
    // Weeks oldest first, 7 days apart, each a Sunday.
    const weekStarts = data.weekly_visits.map(({ weekly_visit }) => {
      const [month, day, year] = String(weekly_visit.week).split('/').map(Number);
      return Date.UTC(2000 + year!, month! - 1, day!);
    });
    for (const [i, start] of weekStarts.entries()) {
      expect(new Date(start).getUTCDay()).toBe(0);
      if (i > 0) expect(start - weekStarts[i - 1]!).toBe(7 * 24 * 3600_000);
    }
    // Seven consecutive weekdays, oldest first, ending today in the store's zone.
    const days = data.daily_visits.map(({ daily_visit }) => WEEKDAYS.indexOf(String(daily_visit.day)));
    expect(days.every((day, i) => day >= 0 && (i === 0 || day === (days[i - 1]! + 1) % 7))).toBe(true);
    expect(today).toContain(data.daily_visits.at(-1)!.daily_visit.day);
  }

  it('answers 8 weeks and 7 days of zeros for a new store, with and without .json', async () => {
    for (const pathAndQuery of ['/v1/store/visits', '/v1/store/visits.json']) {
      const { body, today } = await read(pathAndQuery, 'America/New_York');
      expect(body.meta).toEqual({ code: 200, api_version: '1.0' });
      expectZerosShape(body.data, today);
    }
  });

  it('answers the marketplace visits in the same shape', async () => {
    const { body, today } = await read('/v1/store/marketplace_visits.json', 'America/New_York');
    expectZerosShape(body.data, today);
  });

  it("labels the days in the store's zone, as the owner sets it", async () => {
    const put = await fetch(`${stack.baseUrl}/v1/store.json`, { method: 'PUT', headers: { 'API-KEY': key, 'Content-Type': 'application/json' }, body: JSON.stringify({ time_zone: 'Pacific/Kiritimati' }) });
    expect(put.status).toBe(200);
    const { body, today } = await read('/v1/store/visits', 'Pacific/Kiritimati'); // UTC+14: a day ahead of New York most hours
    expectZerosShape(body.data, today);
  });

  it('refuses a call without credentials', async () => {
    const response = await get('/v1/store/visits', {});
    expect(response.status).toBe(401);
  });
});
