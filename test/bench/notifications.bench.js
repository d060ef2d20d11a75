'use strict';
// Notifications (issue 34, docs/notifications.md): (a) throughput: BENCH_MAIL_ORDERS order/paid events published at
// once on the orders stream, as the orders service publishes them; each makes two messages (the buyer's confirmation
// and the store's alert), rendered with the store's templates and accepted by a local SMTP server (smtp-server, in
// this process); messages accepted per second, from the first publication to the last acceptance. (b) latency: a
// steady BENCH_MAIL_RATE orders/s (100) for BENCH_MAIL_STEADY_S seconds; from each event's publication to the
// acceptance of its confirmation, p50/p99/max. (c) the notifications service's memory.
const os = require('node:os');
const { SMTPServer } = require('smtp-server');
const { connect } = require('nats');
const { encodeEvent, ensureStream, eventSubject, newEvent } = require('@commerce/events');
const {
  envNumber,
  log,
  sleep,
  restartStack,
  createBenchStore,
  memoryOf,
  untilIdle,
  atSteadyRate,
  formatTable,
  fmt,
} = require('./bench-kit');

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** An SMTP server that accepts everything and notes, per Message-ID, when it accepted it; no parsing beyond the header. */
async function startReceiver() {
  const accepted = new Map();
  let duplicates = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    disableReverseLookup: true,
    closeTimeout: 100,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk) => {
        if (head.length < 8_192) head += chunk.toString('latin1');
      });
      stream.on('end', () => {
        const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(head)?.[1] ?? '';
        if (accepted.has(messageId)) duplicates++;
        else accepted.set(messageId, performance.now());
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    accepted,
    get duplicates() {
      return duplicates;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** An order as `GET /v1/orders/:id` renders it, paid: two lines, tax, shipping (what the default templates print). */
function paidOrder(id, index) {
  const item = (itemId, name, quantity, price) => ({
    item: {
      id: itemId,
      order_id: id,
      product_id: 1,
      product_name: name,
      variant_id: 1,
      variant_name: 'Default',
      sku: null,
      quantity,
      fulfilled_at: null,
      discount: 0,
      list_price: price,
      tax: 80,
      fulfillment_id: null,
      price_in_cents: price * quantity,
    },
  });
  return {
    id,
    subtotal: 2500,
    shipping: 600,
    tax: 200,
    discounts: 0,
    confirmed_at: '2026-11-26T10:00:00-05:00',
    fulfilled_at: null,
    updated_at: '2026-11-26T10:00:00-05:00',
    paid_at: '2026-11-26T10:00:00-05:00',
    payment_processor: 'test',
    status: 'open',
    email: `buyer${index}@bench.test`,
    user_note: null,
    price: '33.00',
    currency: 'USD',
    shipping_class_id: 1,
    shipping_class_name: 'Standard',
    address: {
      name: `Buyer ${index}`,
      address_1: '1 Main St',
      address_2: '',
      city: 'Springfield',
      postal: '12345',
      state: 'Illinois',
      state_abbrev: 'IL',
      country: 'US',
    },
    items: [item(id * 10 + 1, 'Green Tea', 2, 1000), item(id * 10 + 2, 'Teapot', 1, 500)],
    fulfillments: [],
  };
}

async function runNotificationsBench(stack, settings) {
  const orders = envNumber('BENCH_MAIL_ORDERS', 2_000);
  const rate = envNumber('BENCH_MAIL_RATE', 100);
  const steadyS = envNumber('BENCH_MAIL_STEADY_S', 20);
  const receiver = await startReceiver();
  // The stack again on its data, sending to the receiver (under `npm start` no SMTP_URL is set: mail is kept).
  await restartStack(stack, { env: { SMTP_URL: receiver.url, MAIL_FROM: 'orders@bench.test' } });
  const pid = stack.pids.notifications;
  if (!pid) throw new Error(`the stack has no notifications service (its processes: ${Object.keys(stack.pids).join(', ')})`);
  const created = await createBenchStore(stack.env, 'Mail Bench', 'mail');
  const storeId = created.store.id;
  const nc = await connect({ servers: stack.natsUrl });
  await ensureStream(await nc.jetstreamManager(), 'orders');
  const js = nc.jetstream();
  let nextOrder = 1;
  const publish = async () => {
    const n = nextOrder++;
    const event = newEvent({ topic: 'order/paid', storeId, resourceType: 'order', resourceId: n, sequence: 2, resource: paidOrder(n, n) });
    const at = performance.now();
    await js.publish(eventSubject('orders', event), encodeEvent(event), { msgID: event.id });
    return { id: event.id, at };
  };
  const confirmationOf = (eventId) => `<${eventId}.order_confirmation@bench.test>`;

  await untilIdle(stack, { maxS: 30 });
  const idle = memoryOf(pid);

  // (a) a burst, published as fast as the bus takes it.
  log(`(a) publishing ${orders} order/paid events at once`);
  const burstStart = performance.now();
  const burst = [];
  for (let index = 0; index < orders; index += 100) {
    burst.push(...(await Promise.all(Array.from({ length: Math.min(100, orders - index) }, publish))));
  }
  const publishedMs = performance.now() - burstStart;
  const expected = orders * 2;
  let peakRssKb = idle?.rssKb ?? 0;
  const startCount = receiver.accepted.size;
  while (receiver.accepted.size - startCount < expected) {
    const now = memoryOf(pid);
    if (now && now.rssKb > peakRssKb) peakRssKb = now.rssKb;
    if (performance.now() - burstStart > 600_000)
      throw new Error(`only ${receiver.accepted.size - startCount} of ${expected} messages arrived in 10 min`);
    await sleep(50);
  }
  const lastAccepted = Math.max(...burst.map(({ id }) => receiver.accepted.get(confirmationOf(id)) ?? 0));
  const burstMs = Math.max(lastAccepted, ...[...receiver.accepted.values()].slice(-expected)) - burstStart;
  const throughput = { orders, messages: expected, publishedMs, totalMs: burstMs, perSecond: expected / (burstMs / 1000) };

  // (b) a steady rate: one event every 1000/rate ms, each timed from its publication to its confirmation's acceptance.
  await untilIdle(stack, { maxS: 30 });
  log(`(b) ${rate} orders/s for ${steadyS} s`);
  const steady = await atSteadyRate(rate, steadyS, () => publish());
  const deadline = performance.now() + 120_000;
  while (steady.some(({ id }) => !receiver.accepted.has(confirmationOf(id))) && performance.now() < deadline) await sleep(50);
  const latencies = steady.map(({ id, at }) => (receiver.accepted.get(confirmationOf(id)) ?? Infinity) - at).sort((a, b) => a - b);
  const latency = {
    count: latencies.length,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.at(-1),
    missing: latencies.filter((ms) => !Number.isFinite(ms)).length,
  };
  const end = memoryOf(pid);
  await nc.close();
  await receiver.close();

  const results = {
    settings,
    loadAverage: os.loadavg(),
    throughput,
    latency,
    duplicates: receiver.duplicates,
    memory: { idle, peakRssKb, end },
  };
  results.verdict = report(results, rate);
  return results;
}

function report(results, rate) {
  const { throughput, latency, memory } = results;
  const mb = (kb) => (Number.isFinite(kb) ? fmt(kb / 1024, 1) : 'n/a');
  const out = [''];
  out.push(
    `notifications — machine: ${os.cpus().length} cores, node ${process.version}; ` +
      `load average at the start ${results.loadAverage.map((n) => n.toFixed(2)).join(', ')}`,
  );
  out.push('');
  out.push(
    `(a) ${throughput.orders} order/paid events published at once (in ${fmt(throughput.publishedMs)} ms), ` +
      `${throughput.messages} messages ` +
      'rendered and accepted by a local SMTP server',
  );
  out.push(`    ${fmt(throughput.perSecond)} messages/s (${fmt(throughput.totalMs)} ms from the first publication to the last acceptance)`);
  out.push('');
  out.push(`(b) a steady ${rate} orders/s, ${latency.count} orders: from the event's publication to its confirmation's acceptance`);
  out.push(`    p50 ${fmt(latency.p50Ms)} ms   p99 ${fmt(latency.p99Ms)} ms   max ${fmt(latency.maxMs)} ms   missing ${latency.missing}`);
  out.push(`    messages accepted twice: ${results.duplicates}`);
  out.push('');
  out.push('(c) notifications service memory (MB):');
  out.push(
    formatTable([
      ['when', 'RSS', 'peak RSS (VmHWM)'],
      ['idle, before the burst', mb(memory.idle?.rssKb), mb(memory.idle?.hwmKb)],
      ['peak during the burst (sampled every 50 ms)', mb(memory.peakRssKb), ''],
      ['at the end', mb(memory.end?.rssKb), mb(memory.end?.hwmKb)],
    ]),
  );
  const invalid = [];
  if (latency.missing > 0) invalid.push(`${latency.missing} confirmations of the steady run never arrived`);
  if (results.duplicates > 0) invalid.push(`${results.duplicates} messages were accepted twice without a crash`);
  if (invalid.length > 0) out.push(`!!! INVALID RUN: ${invalid.join('; ')}`);
  process.stdout.write(`${out.join('\n')}\n`);
  return { perSecond: throughput.perSecond, p50Ms: latency.p50Ms, p99Ms: latency.p99Ms, invalid };
}

module.exports = { runNotificationsBench };
