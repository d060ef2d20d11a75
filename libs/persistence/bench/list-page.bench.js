'use strict';
// Listing cost against store size on the embedded engines (DESIGN §4: "Listing cost must not grow with
// the store's size"). One collection holds a big store (100,000 products) and a small one (1,000); a
// listing is one page of 20 (find with sort + skip + limit) plus the count of the same filter. Prints
// the median time per listing for each store and the big/small ratio, with the catalog's indexes and,
// for comparison, without any (NeDB alone). Reports only; it never fails on figures.
//
//   npx tsc -b libs/persistence && node libs/persistence/bench/list-page.bench.js
//
// Env: BENCH_BIG (100000), BENCH_SMALL (1000), BENCH_ROUNDS (1000), BENCH_ENGINES (memory,embedded).
const { mkdtemp, rm } = require('node:fs/promises');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { openDatabase } = require('../dist/index.js');

const BIG = Number(process.env.BENCH_BIG ?? 100_000);
const SMALL = Number(process.env.BENCH_SMALL ?? 1_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1000);
const ENGINES = (process.env.BENCH_ENGINES ?? 'memory,embedded').split(',');
const STATUSES = ['active', 'draft', 'archived'];

const CATALOG_INDEXES = [
  { store_id: 1, deleted: 1, id: 1 },
  { store_id: 1, deleted: 1, status: 1, id: 1 },
  { store_id: 1, deleted: 1, updated_at: 1 },
];

/** The listings the catalog serves, for one store; `tail` is an id near the end of that store's range. */
const LISTINGS = [
  { name: 'newest first, page 2', filter: (store) => ({ store_id: store, deleted: false }), options: { sort: { id: -1 }, skip: 20, limit: 20 } },
  { name: 'keyset after an id', filter: (store, tail) => ({ store_id: store, deleted: false, id: { $gt: tail } }), options: { sort: { id: 1 }, limit: 20 } },
  { name: 'by status', filter: (store) => ({ store_id: store, deleted: false, status: 'active' }), options: { sort: { id: 1 }, limit: 20 } },
  { name: 'recently updated', filter: (store) => ({ store_id: store, deleted: false }), options: { sort: { updated_at: -1 }, limit: 20 } },
];

function product(id, storeId) {
  return {
    id,
    store_id: storeId,
    deleted: id % 50 === 0,
    status: STATUSES[id % 3],
    title: `Product ${id}`,
    price_cents: 100 + (id % 997),
    updated_at: new Date(Date.UTC(2024, 0, 1) + id * 1000),
  };
}

async function fill(collection) {
  const BATCH = 5_000;
  for (let start = 1; start <= BIG; start += BATCH) {
    await collection.insertMany(Array.from({ length: Math.min(BATCH, BIG - start + 1) }, (_, i) => product(start + i, 1)));
  }
  await collection.insertMany(Array.from({ length: SMALL }, (_, i) => product(BIG + 1 + i, 2)));
}

/** Median milliseconds of one listing (page + count) on the big and the small store, alternated round by round after a warm-up. */
async function timeListing(collection, listing, rounds) {
  const stores = [
    { store: 1, tail: BIG - 100, times: [] },
    { store: 2, tail: BIG + SMALL - 100, times: [] },
  ];
  const once = async ({ store, tail }) => {
    const filter = listing.filter(store, tail);
    const started = process.hrtime.bigint();
    const page = await collection.find(filter, listing.options);
    const total = await collection.count(filter);
    const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
    if (page.length === 0 || total === 0) throw new Error(`empty listing: ${listing.name}, store ${store}`);
    return elapsedMs;
  };
  for (let i = 0; i < Math.min(20, rounds); i += 1) for (const side of stores) await once(side);
  for (let i = 0; i < rounds; i += 1) {
    for (const side of i % 2 === 0 ? stores : [...stores].reverse()) side.times.push(await once(side));
  }
  const [big, small] = stores.map(({ times }) => median(times));
  return { big, small };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}

async function measure(engine, withIndexes) {
  const dir = engine === 'embedded' ? await mkdtemp(join(tmpdir(), 'list-page-bench-')) : undefined;
  const db = await openDatabase(dir ? { engine, dir } : { engine });
  try {
    const products = db.collection('products');
    if (withIndexes) for (const keys of CATALOG_INDEXES) await products.createIndex(keys);
    const filled = Date.now();
    await fill(products);
    const fillMs = Date.now() - filled;
    // NeDB alone scans every document per query: fewer rounds keep the comparison short.
    const rounds = withIndexes ? ROUNDS : Math.max(3, Math.round(ROUNDS / 50));
    const rows = [];
    for (const listing of LISTINGS) {
      const { big, small } = await timeListing(products, listing, rounds);
      rows.push({ listing: listing.name, bigMs: big.toFixed(3), smallMs: small.toFixed(3), ratio: (big / small).toFixed(2) });
    }
    console.log(`\n${engine}, ${withIndexes ? 'catalog indexes' : 'no index (NeDB alone)'}: ${BIG} + ${SMALL} products, filled in ${fillMs} ms, ${rounds} rounds`);
    console.table(rows);
  } finally {
    await db.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}

async function main() {
  for (const engine of ENGINES) {
    await measure(engine, true);
    await measure(engine, false);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
