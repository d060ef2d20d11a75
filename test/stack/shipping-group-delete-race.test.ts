import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiClient, type ApiAnswer } from '../support/api.client';
import { createStoreWithCli, startStack, stackEnvironment, type StackHandle } from '../support/stack.harness';

/**
 * Issue 12, item 4: a shipping group in use cannot be deleted, even under concurrency. An attacker sent
 * product creates naming a group and, a few milliseconds later, DELETE of that group: the delete
 * succeeded and the products pointed at a group that no longer existed. Each round races 50 creates
 * against one delete and checks the invariant over what the API answers afterwards: either the delete
 * was refused (409) and the group is still there, or it went through (200) and no live product names it.
 */

const ROUNDS = 10;
const CREATES_PER_ROUND = 50;
/**
 * How long after the creates start each round sends its DELETE (negative: the creates start that much after
 * it), around the moment they reach catalog, so that rounds end either way.
 */
const DELETE_AFTER_MS = [20, -5, 10, 0, -2, 30, 5, -10, 2, 40];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(ms, 0)));

describe('a shipping group in use cannot be deleted, even under concurrency (issue 12, item 4)', () => {
  let dataDir: string;
  let stack: StackHandle;
  let shop: ApiClient;
  const outcomes: string[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-group-race-'));
    // Over 500 writes a second from one key: the rate limit is not what this test is about.
    const env = { ...(await stackEnvironment(dataDir)), RATE_LIMIT_BURST: '1000000', RATE_LIMIT_PER_SECOND: '1000000' };
    stack = await startStack(env);
    shop = new ApiClient(stack.baseUrl, (await createStoreWithCli(env, 'raceshop')).api_key);
    // A second group, so a group's deletion never leaves the store without one.
    expect((await shop.post('/v1/shipping_groups.json', { name: 'Keep' })).status).toBe(200);
  });

  afterAll(async () => {
    await stack?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(Array.from({ length: ROUNDS }, (_, round) => [round + 1, DELETE_AFTER_MS[round]!]))(
    'round %i: 50 creates naming the group, DELETE %i ms after them',
    async (round, deleteAfterMs) => {
      const group = (await shop.post('/v1/shipping_groups.json', { name: `Contested ${round}` })).body.data;

      const creates = Array.from({ length: CREATES_PER_ROUND }, (_, i) =>
        pause(-deleteAfterMs).then(() =>
          shop.post('/v1/products.json', { name: `Race r${round} n${i}`, cents: 100 + i, shipping_group_id: group.id }),
        ),
      );
      const deletion = pause(deleteAfterMs).then(() => shop.delete(`/v1/shipping_groups/${group.id}.json`));
      const [deleted, answers] = [await deletion, await Promise.all(creates)];

      expect([200, 409]).toContain(deleted.status);
      const created = answers.filter((answer) => answer.status === 200);
      // The others were refused as a request naming a group that is being deleted, or is gone.
      const refused = answers.filter((answer) => answer.status !== 200);
      expect(refused.filter((answer) => answer.status !== 422).map(statusAndError)).toEqual([]);
      const goneOrGoing = { shipping_group_id: [expect.stringMatching(/^(is being deleted|is not a shipping group of this store)$/)] };
      for (const answer of refused) expect(answer.body.meta.errors).toEqual(goneOrGoing);
      outcomes.push(`round ${round}: DELETE ${deleted.status}, ${created.length} of ${CREATES_PER_ROUND} creates answered 200`);

      const groupNow = await shop.get(`/v1/shipping_groups/${group.id}.json`);
      const namingGroup = await liveProductIdsOf(shop, group.id);
      if (deleted.status === 409) {
        expect(deleted.body.error).toMatch(/^Shipping group is used by \d+ products?; move (it|them) to another group first$/);
        expect(groupNow.status).toBe(200);
        // The refused delete leaves the group usable.
        expect((await shop.post('/v1/products.json', { name: `After r${round}`, cents: 1, shipping_group_id: group.id })).status).toBe(200);
      } else {
        expect(groupNow.status).toBe(404);
        expect(namingGroup).toEqual([]);
        // Once gone, it stays refused.
        expect((await shop.post('/v1/products.json', { name: `After r${round}`, cents: 1, shipping_group_id: group.id })).status).toBe(422);
      }
      // Every create answered 200 made a live product whose group exists.
      for (const answer of created) {
        const product = (await shop.get(`/v1/products/${answer.body.data.id}.json`)).body.data;
        expect(product.shipping_group).toMatchObject({ id: group.id });
        expect((await shop.get(`/v1/shipping_groups/${product.shipping_group.id}.json`)).status).toBe(200);
      }
    },
  );

  afterAll(() => {
    if (process.env.SHOW_RACE_OUTCOMES) process.stdout.write(`${outcomes.join('\n')}\n`);
  });
});

const statusAndError = (answer: ApiAnswer) => ({ status: answer.status, error: answer.body?.error });

/** Ids of the live products the catalog lists in the group, every page. */
async function liveProductIdsOf(shop: ApiClient, groupId: number): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const products = (await shop.get(`/v1/products.json?shipping_group_id=${groupId}&page=${page}`)).body.data.products as Array<{
      id: number;
    }>;
    if (products.length === 0) return ids;
    ids.push(...products.map((product) => product.id));
  }
}
