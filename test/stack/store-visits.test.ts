// Visit statistics through the gateway (docs/visits.md#definitions): the answer's shape, and zeros for a store nobody visited,
// in the store's zone; then what counts (docs/visits.md#definitions): forged and absent visitor cookies, an empty
// User-Agent and a bot against a browser-like client that keeps its cookie. Chromium's visit is the buyer-site test's.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { waitFor } from '@commerce/testing';
import { createStoreWithCli, json, startStack, stackEnvironment, storectl, type StackHandle } from '../support/stack.harness';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15';
const EDGE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

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
    const result = await storectl(env, [
      'store',
      'create',
      '--name',
      'Quiet Shop',
      '--subdomain',
      'quietshop',
      '--email',
      'quiet@example.com',
      '--password',
      'correct horse battery',
    ]);
    expect(result.code).toBe(0);
    key = (result.json as { api_key: string }).api_key;
  });

  afterAll(async () => {
    await stack?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (pathAndQuery: string, headers: Record<string, string> = { 'API-KEY': key }) =>
    fetch(`${stack.baseUrl}${pathAndQuery}`, { headers });

  /** The body of a 200, and today's weekday in `timeZone` taken before and after the call (a read at midnight may show either). */
  async function read(pathAndQuery: string, timeZone: string) {
    const before = weekdayIn(timeZone);
    const response = await get(pathAndQuery);
    const after = weekdayIn(timeZone);
    expect(response.status).toBe(200);
    return { body: await json(response), today: [before, after] };
  }

  function expectZerosShape(
    data: {
      weekly_visits: Array<{ weekly_visit: Record<string, unknown> }>;
      daily_visits: Array<{ daily_visit: Record<string, unknown> }>;
    },
    today: string[],
  ) {
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
    const put = await fetch(`${stack.baseUrl}/v1/store.json`, {
      method: 'PUT',
      headers: { 'API-KEY': key, 'Content-Type': 'application/json' },
      body: JSON.stringify({ time_zone: 'Pacific/Kiritimati' }),
    });
    expect(put.status).toBe(200);
    const { body, today } = await read('/v1/store/visits', 'Pacific/Kiritimati'); // UTC+14: a day ahead of New York most hours
    expectZerosShape(body.data, today);
  });

  describe('what counts as a visit', () => {
    let shop: { apiKey: string; url: URL };

    beforeAll(async () => {
      const created = await createStoreWithCli(env, 'visitcount');
      shop = { apiKey: created.api_key, url: new URL(created.store.url) };
    });

    /**
     * A GET of a page on the store's own host with exactly these headers (no User-Agent unless given): its status and
     * the visitor cookie it set. Node resolves no `*.localhost` name, so it connects to this machine and sends the Host.
     */
    function view(pathAndQuery: string, headers: Record<string, string>): Promise<{ status: number; visitorCookie?: string }> {
      return new Promise((resolve, reject) => {
        http
          .get(
            { host: '127.0.0.1', port: shop.url.port, path: pathAndQuery, headers: { ...headers, Host: shop.url.host }, agent: false },
            (response) => {
              response.resume();
              const setCookie = (response.headers['set-cookie'] ?? []).find((cookie) => cookie.startsWith('sc_vid='));
              response.on('end', () =>
                resolve({ status: response.statusCode ?? 0, visitorCookie: setCookie?.split(';')[0]!.slice('sc_vid='.length) }),
              );
            },
          )
          .on('error', reject);
      });
    }

    /** Today's and this week's visits and visitors summed over the 7 days shown (a run across midnight splits them). */
    async function totals(marketplaceOnly: boolean): Promise<{ visits: number; visitors: number }> {
      const response = await get(`/v1/store/${marketplaceOnly ? 'marketplace_visits' : 'visits'}.json`, { 'API-KEY': shop.apiKey });
      expect(response.status).toBe(200);
      const days = (await json(response)).data.daily_visits as Array<{ daily_visit: { visits: number; visitors: number } }>;
      return days.reduce(
        (sum, { daily_visit }) => ({ visits: sum.visits + daily_visit.visits, visitors: sum.visitors + daily_visit.visitors }),
        { visits: 0, visitors: 0 },
      );
    }

    it('counts 40 forged ids (one client), a cookieless burst: a visit each; no User-Agent, a bot: none; a kept cookie: once', async () => {
      // 40 forged ids through the marketplace: half with the shape of an unsigned id, half with a made-up signature.
      const replacedForgeries: Array<string | undefined> = [];
      for (let i = 0; i < 40; i++) {
        const forged =
          i % 2 === 0
            ? randomBytes(16).toString('base64url')
            : `${randomBytes(16).toString('base64url')}.${randomBytes(16).toString('base64url')}`;
        const answer = await view('/?ref=marketplace', { 'User-Agent': FIREFOX, Cookie: `sc_vid=${forged}` });
        expect(answer.status).toBe(200);
        replacedForgeries.push(answer.visitorCookie);
      }
      // A script that never keeps cookies: 10 views.
      for (let i = 0; i < 10; i++) expect((await view(`/?page=${i}`, { 'User-Agent': SAFARI })).status).toBe(200);
      // No User-Agent, and a known bot: not people.
      for (let i = 0; i < 3; i++) expect((await view('/?ref=marketplace', {})).status).toBe(200);
      expect((await view('/?ref=marketplace', { 'User-Agent': GOOGLEBOT })).status).toBe(200);
      // A browser: its first page through the marketplace, then three more with the cookie it was given.
      const first = await view('/?ref=marketplace', { 'User-Agent': CHROME });
      const kept: Array<{ status: number; visitorCookie?: string }> = [];
      for (const page of ['/cart', '/', '/contact'])
        kept.push(await view(page, { 'User-Agent': CHROME, Cookie: `sc_vid=${first.visitorCookie}` }));
      // Last, another browser's one view: once it shows, every view before it has been counted (views are taken in arrival order).
      await view('/', { 'User-Agent': EDGE });

      const all = await waitFor(
        async () => {
          const counted = await totals(false);
          return counted.visits >= 4 ? counted : undefined;
        },
        { timeoutMs: 15_000, message: "the last browser's visit counted" },
      );
      // The forger (1), the script (1), the browser (1), the last browser (1).
      expect(all).toEqual({ visits: 4, visitors: 4 });
      // Through the marketplace: the forger's one visit and the browser's.
      expect(await totals(true)).toEqual({ visits: 2, visitors: 2 });
      // The cookies: each forgery replaced by an id the platform signed, which the browser then keeps.
      const signed = /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/;
      for (const cookie of [...replacedForgeries, first.visitorCookie]) expect(cookie).toMatch(signed);
      expect(kept).toEqual([0, 1, 2].map(() => ({ status: 200, visitorCookie: undefined })));
    });
  });

  it('refuses a call without credentials', async () => {
    const response = await get('/v1/store/visits', {});
    expect(response.status).toBe(401);
  });
});
