// CPU per event of the webhooks feed's inserts (its 7 indexes, 16 KB pages) with K events per commit: why the consumers
// batch a steady flow (libs/events batchWindowMs). After `npm run build`:
//   node test/bench/feed-commit-size.js 1,2,4,8,16,32,64
const { openDatabase } = require('@commerce/persistence');
const { v7 } = require('uuid');
const os = require('os'),
  path = require('path'),
  fs = require('fs');
const resource = {
  id: 1,
  name: 'x'.repeat(40),
  description: 'y'.repeat(600),
  variants: Array.from({ length: 2 }, (_, i) => ({ id: i, name: 'v', cents: 100, sku: null })),
  photos: [],
  tags: ['a', 'b'],
};
async function run(K, total) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-'));
  const db = await openDatabase({ engine: 'embedded', dir });
  const events = db.collection('events');
  await events.createIndex({ id: 1 }, { unique: true, name: 'events_id' });
  await events.createIndex({ received_at: 1 }, { name: 'events_received' });
  await events.createIndex({ store_id: 1, occurred_at: 1 }, { name: 'events_store_occurred' });
  await events.createIndex({ store_id: 1, feed_key: 1, id: 1 }, { name: 'events_store_feed' });
  await events.createIndex({ store_id: 1, resource_type: 1, resource_id: 1, sequence: 1 }, { name: 'events_resource_sequence' });
  await events.createIndex({ fanned_out: 1, received_at: 1, id: 1 }, { name: 'events_fan_out' });
  await events.createIndex({ store_id: 1, history_key: 1, feed_key: 1, id: 1 }, { name: 'events_store_history' });
  let n = 0,
    key = 0;
  const one = () => {
    n++;
    const now = new Date();
    return events.insertOne({
      id: v7(),
      topic: n % 2 ? 'product/created' : 'variant/created',
      store_id: 1,
      occurred_at: now.toISOString(),
      resource,
      sequence: 1,
      resource_type: n % 2 ? 'product' : 'variant',
      resource_id: n,
      received_at: now,
      fanned_out: true,
      history_key: `${n % 2 ? 'product' : 'variant'}:${n}`,
      feed_key: ++key,
    });
  };
  for (let i = 0; i < 2000; i += K) await Promise.all(Array.from({ length: K }, one));
  const t0 = process.cpuUsage();
  for (let i = 0; i < total; i += K) await Promise.all(Array.from({ length: K }, one));
  const t = process.cpuUsage(t0);
  await db.close();
  fs.rmSync(dir, { recursive: true });
  return ((t.user + t.system) / total).toFixed(1) + ` µs/event (user ${(t.user / total).toFixed(1)}, sys ${(t.system / total).toFixed(1)})`;
}
(async () => {
  for (const K of (process.argv[2] || '1,2,4,8,16,32').split(',').map(Number)) console.log(`K=${K}`, await run(K, 20000));
})();
