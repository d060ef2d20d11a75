import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connect, type NatsConnection } from 'nats';
import { waitFor, type PublishedEvent } from '@commerce/testing';
import { PRODUCT_KEYS } from '../support/answer-keys';
import { createStoreWithCli, json, startStack, stackEnvironment, type JsonBody, type StackHandle } from '../support/stack.harness';
import { subjectEvents } from '../support/subject-events.harness';

/**
 * Issue 10, item 5: SIGKILL the catalog in the middle of a burst of writes made through the gateway,
 * restart it, and find every acknowledged write (record, id counter, outbox event later published)
 * and no half-written one. Three rounds, each killing at another moment of its burst; every round
 * checks everything written since the start, so an earlier round's data must survive later kills.
 */

const PRODUCTS_PER_BURST = 300;
const CONNECTIONS = 20;
/** Product acknowledgements of a round after which the catalog is killed: early, midway, near the end. */
const KILL_AFTER_ACKS = [15, 140, 265];
/** Every third acknowledged product also gets a second variant in the same burst (a replace of an existing document). */
const VARIANT_EVERY = 3;
const REQUEST_TIMEOUT_MS = 15_000;
const SORTED_PRODUCT_KEYS = [...PRODUCT_KEYS].sort();

type Params = Record<string, unknown>;
interface Answer {
  status: number | string;
  body?: JsonBody;
}

const productParams = (round: number, i: number): Params => ({
  name: `Durable r${round} n${i}`,
  cents: 100 + round * 1000 + i,
  description: `burst ${round}, request ${i}`,
  tag_list: ['durable', `r${round}`],
  status: i % 4 === 0 ? 'hidden' : 'active',
});
const variantParams = (round: number, i: number): Params => ({
  name: `Large r${round} n${i}`,
  sku: `R${round}-${i}-L`,
  full_quantity: 5 + (i % 7),
});

describe('acknowledged writes survive a SIGKILL of the catalog mid-burst (issue 10, item 5)', () => {
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let stack: StackHandle;
  let apiKey: string;
  let storeId: number;

  /** What each product name was created with, and the variant sent to it (answered or not). */
  const sentProducts = new Map<string, Params>();
  const sentVariants = new Map<number, Params>();
  /** product id → the product as its 200 answered it; product id → the variant as its 200 answered it. */
  const ackedProducts = new Map<number, JsonBody>();
  const ackedVariants = new Map<number, JsonBody>();
  /** Every product and variant id answered or listed so far, and the ids a later write was answered with again. */
  const seenProductIds = new Set<number>();
  const seenVariantIds = new Set<number>();
  const reusedIds: string[] = [];
  const remember = (kind: 'product' | 'variant', id: number) => {
    const seen = kind === 'product' ? seenProductIds : seenVariantIds;
    if (seen.has(id)) reusedIds.push(`${kind} ${id}`);
    seen.add(id);
  };
  /** When the restarted stack answered healthy; how long after that the last owed product/created reached the stream. */
  let backAt = 0;
  let eventsDrainedMs = 0;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-durability-'));
    // One key sends hundreds of writes a second here: the rate limit is not what this test is about.
    env = { ...(await stackEnvironment(dataDir)), RATE_LIMIT_BURST: '1000000', RATE_LIMIT_PER_SECOND: '1000000' };
    stack = await startStack(env);
    const created = await createStoreWithCli(env, 'durableshop');
    apiKey = created.api_key;
    storeId = created.store.id;
  });

  afterAll(async () => {
    await stack?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** One API call; a transport failure or an unreadable body answers its error text instead of throwing. */
  async function call(method: string, apiPath: string, params?: Params): Promise<Answer> {
    try {
      const headers: Record<string, string> = { 'API-KEY': apiKey };
      if (params) headers['content-type'] = 'application/json';
      const response = await fetch(`${stack.baseUrl}${apiPath}`, {
        method,
        headers,
        body: params && JSON.stringify(params),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      return { status: response.status, body: await json(response).catch(() => undefined) };
    } catch (error) {
      return { status: `error: ${(error as Error).cause ?? (error as Error).message}` };
    }
  }

  /** Runs `task` over `items` on CONNECTIONS concurrent callers. */
  async function onConnections<T>(items: T[], task: (item: T) => Promise<void>): Promise<void> {
    let next = 0;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (next < items.length) await task(items[next++]);
      }),
    );
  }

  /**
   * The burst: PRODUCTS_PER_BURST creates (some followed by a variant create); the catalog is SIGKILLed at the
   * killAfter-th product 200.
   */
  async function burstWithKill(round: number, killAfter: number) {
    const catalogPid = stack.info().pids.catalog;
    const failures = new Map<string, number>();
    const fail = (what: string, status: Answer['status']): void =>
      void failures.set(`${what} ${status}`, (failures.get(`${what} ${status}`) ?? 0) + 1);
    let acked = 0;
    let variantsAcked = 0;
    let killed = false;
    await onConnections([...Array(PRODUCTS_PER_BURST).keys()], async (i) => {
      const params = productParams(round, i);
      sentProducts.set(params.name as string, params);
      const created = await call('POST', '/v1/products.json', params);
      if (created.status !== 200) return fail('product', created.status);
      const product = created.body!.data as JsonBody;
      remember('product', product.id);
      remember('variant', product.variants[0].variant.id);
      ackedProducts.set(product.id, product);
      if (++acked === killAfter) {
        process.kill(catalogPid, 'SIGKILL');
        killed = true;
      }
      if (i % VARIANT_EVERY !== 0) return;
      const variant = variantParams(round, i);
      sentVariants.set(product.id, variant);
      const added = await call('POST', `/v1/products/${product.id}/variants.json`, variant);
      if (added.status !== 200) return fail('variant', added.status);
      remember('variant', added.body!.data.id);
      ackedVariants.set(product.id, added.body!.data);
      variantsAcked++;
    });
    expect(killed).toBe(true);
    await waitFor(() => !isAlive(catalogPid), { timeoutMs: 5_000, message: `catalog (pid ${catalogPid}) to die` });
    const bus = await connect({ servers: stack.info().nats_url });
    const publishedAtKill = (await subjectEvents(bus, 'catalog', `events.catalog.${storeId}.product/created`)).length;
    await bus.close();
    return { acked, variantsAcked, failures: Object.fromEntries(failures), publishedAtKill };
  }

  /**
   * The restart: the launcher does not restart a dead service, so the whole stack stops cleanly and starts again on the
   * same DATA_DIR and ports.
   */
  async function restart(): Promise<void> {
    expect(await stack.stop()).toBe(0);
    stack = await startStack(env);
    backAt = Date.now();
    expect((await fetch(`${stack.baseUrl}/healthz`)).status).toBe(200);
  }

  /** Every product of the store, following next_url page by page until the last page (next_url null). */
  async function listAll(): Promise<JsonBody[]> {
    const products: JsonBody[] = [];
    let next = '/v1/products.json';
    let total: number | undefined;
    for (let pages = 0; pages < 500; pages++) {
      const answer = await call('GET', next);
      expect(answer.status).toBe(200);
      products.push(...(answer.body!.data.products as JsonBody[]));
      total ??= answer.body!.pagination.total as number;
      if (answer.body!.pagination.next_url === null) {
        expect(products).toHaveLength(total);
        return products;
      }
      const nextUrl = new URL(answer.body!.pagination.next_url as string);
      next = `${nextUrl.pathname}${nextUrl.search}`;
    }
    throw new Error('paging did not end');
  }

  /** What is wrong with one listed product: whole, as it was sent, with the variants it was given and nothing else. */
  function problemsOf(product: JsonBody, read: Answer): string[] {
    const problems: string[] = [];
    const id = product.id as number;
    if (read.status !== 200 || !isDeepEqual(read.body?.data, product))
      problems.push(`${id}: GET answers ${read.status}, not the listed record`);
    if (!isDeepEqual(Object.keys(product).sort(), SORTED_PRODUCT_KEYS))
      problems.push(`${id}: keys ${Object.keys(product).sort().join(',')}`);
    const sent = sentProducts.get(product.name);
    if (!sent) return [...problems, `${id}: named ${JSON.stringify(product.name)}, which no request sent`];
    for (const [field, value] of Object.entries(sent))
      if (!isDeepEqual(product[field], value))
        problems.push(`${id}: ${field} is ${JSON.stringify(product[field])}, sent ${JSON.stringify(value)}`);
    const variants = ((product.variants ?? []) as JsonBody[]).map((entry) => entry.variant as JsonBody);
    const [first, second, ...more] = variants;
    if (!first || first.product_id !== id || first.name !== 'Default' || !first.is_default_variant || first.cents !== product.cents)
      problems.push(`${id}: default variant ${JSON.stringify(first)}`);
    const sentVariant = sentVariants.get(id);
    if (
      second &&
      (!sentVariant ||
        second.product_id !== id ||
        second.name !== sentVariant.name ||
        second.sku !== sentVariant.sku ||
        second.full_quantity !== sentVariant.full_quantity)
    ) {
      problems.push(`${id}: second variant ${JSON.stringify(second)} was not sent as such`);
    }
    if (more.length > 0) problems.push(`${id}: ${variants.length} variants`);
    const acked = ackedProducts.get(id);
    if (acked) {
      // A variant added later changes the product's updated_at and variants, nothing else.
      const expected = sentVariant ? { ...acked, updated_at: product.updated_at, variants: product.variants } : acked;
      if (!isDeepEqual(product, expected))
        problems.push(`${id}: differs from its acknowledged answer ${JSON.stringify(acked)}: ${JSON.stringify(product)}`);
      if (!isDeepEqual(first, acked.variants[0].variant)) problems.push(`${id}: default variant differs from the acknowledged one`);
    }
    const ackedVariant = ackedVariants.get(id);
    if (ackedVariant && !isDeepEqual(second, ackedVariant))
      problems.push(`${id}: acknowledged variant ${JSON.stringify(ackedVariant)} is ${JSON.stringify(second)}`);
    return problems;
  }

  /**
   * Waits until the stream holds a `topic` event for each of `ids`, then expects exactly one per id, none for another id and
   * no event id twice.
   */
  async function expectOneEventEach(bus: NatsConnection, topic: string, ids: Set<number>): Promise<PublishedEvent[]> {
    const unpublished = (events: PublishedEvent[]) => {
      const published = new Set(events.map((event) => event.resource.id as number));
      return [...ids].filter((id) => !published.has(id));
    };
    const read = () => subjectEvents(bus, 'catalog', `events.catalog.${storeId}.${topic}`);
    const events = await waitFor(
      async () => {
        const all = await read();
        return unpublished(all).length === 0 ? all : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 250, message: `a ${topic} event for each of ${ids.size} ids` },
    ).catch(async (error: Error) => {
      throw new Error(`${error.message}; never published for ${unpublished(await read()).join(', ')}`);
    });
    expect(events.length - new Set(events.map((event) => event.id)).size).toBe(0);
    const perId = new Map<number, number>();
    for (const event of events) perId.set(event.resource.id as number, (perId.get(event.resource.id as number) ?? 0) + 1);
    expect([...perId].filter(([, count]) => count !== 1)).toEqual([]);
    expect([...perId.keys()].filter((id) => !ids.has(id))).toEqual([]);
    return events;
  }

  /** Everything written since the start, checked through the gateway and the event stream; answers the highest ids stored. */
  async function expectEverythingWhole(): Promise<{ products: number; maxProductId: number; maxVariantId: number }> {
    const listed = await listAll();
    const ids = listed.map((product) => product.id as number);
    expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
    const listedIds = new Set(ids);
    expect([...ackedProducts.keys()].filter((id) => !listedIds.has(id))).toEqual([]);

    const variantIds = listed.flatMap((product) => (product.variants as JsonBody[]).map((entry) => entry.variant.id as number));
    const bus = await connect({ servers: stack.info().nats_url });
    try {
      const created = await expectOneEventEach(bus, 'product/created', listedIds);
      eventsDrainedMs = Date.now() - backAt;
      const createdByProduct = new Map(created.map((event) => [event.resource.id as number, event]));
      const unlike = [...ackedProducts].filter(([id, acked]) => !isDeepEqual(createdByProduct.get(id)!.resource, acked)).map(([id]) => id);
      expect(unlike).toEqual([]);
      // Every variant, the Default one of each product included, has its own variant/created.
      const variantCreated = await expectOneEventEach(bus, 'variant/created', new Set(variantIds));
      const variantByEvent = new Map(variantCreated.map((event) => [event.resource.id as number, event.resource]));
      const ackedVariantRecords = [
        ...[...ackedProducts.values()].map((product) => product.variants[0].variant as JsonBody),
        ...ackedVariants.values(),
      ];
      expect(
        ackedVariantRecords.filter((variant) => !isDeepEqual(variantByEvent.get(variant.id), variant)).map((variant) => variant.id),
      ).toEqual([]);
    } finally {
      await bus.close();
    }
    const reads = new Map<number, Answer>();
    await onConnections(ids, async (id) => void reads.set(id, await call('GET', `/v1/products/${id}.json`)));
    const problems = listed.flatMap((product) => problemsOf(product, reads.get(product.id)!));
    expect({ problems: problems.length, first: problems.slice(0, 10) }).toEqual({ problems: 0, first: [] });

    for (const id of ids) seenProductIds.add(id);
    for (const id of variantIds) seenVariantIds.add(id);
    return { products: listed.length, maxProductId: Math.max(...ids), maxVariantId: Math.max(...variantIds) };
  }

  describe.each(KILL_AFTER_ACKS.map((killAfter, index) => [index + 1, killAfter]))(
    'round %i: kill after %i acknowledged creates',
    (round, killAfter) => {
      it('keeps every acknowledged product, variant, id and event, and nothing half-written', async () => {
        const started = Date.now();
        const burst = await burstWithKill(round, killAfter);
        expect(burst.acked).toBeGreaterThanOrEqual(killAfter);
        expect(reusedIds).toEqual([]);
        expect(Object.keys(burst.failures).length).toBeGreaterThan(0);
        // Down means 503 (or a dropped connection), never another answer.
        expect(Object.keys(burst.failures).filter((failure) => !/ (503|error: .*)$/.test(failure))).toEqual([]);

        await restart();
        const stored = await expectEverythingWhole();
        const neverAcknowledged = stored.products - ackedProducts.size;

        // The counters went on from where they were: a new product and variant take ids above every one stored.
        const probe = await call('POST', '/v1/products.json', productParams(round, PRODUCTS_PER_BURST));
        expect(probe.status).toBe(200);
        const probed = probe.body!.data as JsonBody;
        sentProducts.set(probed.name, productParams(round, PRODUCTS_PER_BURST));
        ackedProducts.set(probed.id, probed);
        expect(probed.id).toBeGreaterThan(stored.maxProductId);
        expect(probed.variants[0].variant.id).toBeGreaterThan(stored.maxVariantId);
        remember('product', probed.id);
        remember('variant', probed.variants[0].variant.id);
        expect(reusedIds).toEqual([]);
        process.stdout.write(
          `durability round ${round}: kill after ${killAfter} → ${burst.acked}/${PRODUCTS_PER_BURST} product creates ` +
            `and ${burst.variantsAcked} variant creates acknowledged; ` +
            `failed ${JSON.stringify(burst.failures)}; ${stored.products} products stored so far (${neverAcknowledged} of ` +
            `them never acknowledged, all whole); ` +
            `${stored.products - burst.publishedAtKill} product/created events were still in the outbox when it died, all ` +
            `on the stream ${eventsDrainedMs} ms after the restart; round ${Date.now() - started} ms\n`,
        );
      }, 100_000);
    },
  );
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Structural equality of JSON values (parsed bodies come from another realm than the test's literals, so no prototype checks). */
function isDeepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const [aKeys, bKeys] = [Object.keys(a), Object.keys(b)];
  return (
    aKeys.length === bKeys.length && aKeys.every((key) => Object.hasOwn(b, key) && isDeepEqual((a as JsonBody)[key], (b as JsonBody)[key]))
  );
}
