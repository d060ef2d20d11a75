'use strict';
// Media (issue 33, docs/media.md): (a) upload-to-ready time of a 12-megapixel JPEG, from the POST of
// /v1/products/:id/photos to its answer (the photo hosted, its 13 sizes known), p50 and p99 over
// BENCH_MEDIA_UPLOADS uploads of distinct bytes; (b) GET /media/<key>/medium (Accept: webp, a warm
// rendition) through the stack against a bare node:http server answering the same bytes in the same
// run, req/s, p99 and the ratio (target >= 0.5); (c) the media service's memory (RSS from /proc) idle
// and at its peak under the uploads.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const sharp = require('sharp');
const {
  envNumber,
  log,
  sleep,
  stopChild,
  spawnNode,
  waitForLine,
  createBenchStore,
  fetchBytes,
  runLoad,
  problemsOf,
  cpuPerRequest,
  memoryOf,
  untilIdle,
  formatTable,
  fmt,
} = require('./bench-kit');

const TARGETS = { minRatio: 0.5 };
const [WIDTH, HEIGHT] = [4000, 3000];
/** What a browser sends for an <img>: it takes WebP, so the gateway answers the WebP rendition. */
const IMAGE_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

/**
 * A 4000 × 3000 picture's pixels that compress like a photo's: smooth gradients (sky, ground) under a little sensor
 * noise, so the JPEG is a few megabytes, as a phone's is, rather than a flat image's few kilobytes or pure noise's 15 MB.
 */
function photoPixels() {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  let seed = 0x9e3779b9;
  const noise = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return ((seed >>> 0) % 25) - 12;
  };
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const i = (y * WIDTH + x) * 3;
      const ground = y > HEIGHT * 0.6 + Math.sin(x / 300) * 150;
      const base = ground ? [60 + (x % 400) / 8, 120 + y / 60, 50] : [90 + y / 20, 150 + y / 30, 230 - x / 60];
      for (let c = 0; c < 3; c++) pixels[i + c] = Math.max(0, Math.min(255, base[c] + noise()));
    }
  }
  return pixels;
}

/** Upload `index`'s JPEG: the same picture with its first pixels changed, so every upload is new bytes (not deduplicated). */
function encodeUpload(pixels, index) {
  for (let p = 0; p < 16; p++) pixels[p * 3] = (index * 16 + p) % 256;
  return sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer();
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function runMediaBench(stack, settings, tempRoot) {
  const mediaPid = stack.pids.media;
  if (!mediaPid) throw new Error(`the stack has no media service (its processes: ${Object.keys(stack.pids).join(', ')})`);
  const uploads = envNumber('BENCH_MEDIA_UPLOADS', 20);

  const created = await createBenchStore(stack.env, 'Media Bench', 'media');
  const apiHeaders = { 'API-KEY': created.api_key, Accept: 'application/json' };
  // A product per upload: a product holds at most 5 photos.
  const productIds = [];
  for (let index = 0; index < uploads; index++) {
    const product = await fetch(`${stack.baseUrl}/v1/products.json`, {
      method: 'POST',
      headers: { ...apiHeaders, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: `Bench photo ${index + 1}`, cents: 1000 }),
    });
    if (!product.ok) throw new Error(`POST /v1/products answered ${product.status}`);
    productIds.push((await product.json()).data.id);
  }

  log(`drawing ${uploads} distinct ${WIDTH}×${HEIGHT} JPEGs`);
  const pixels = photoPixels();
  const bodies = [];
  for (let index = 0; index < uploads; index++) bodies.push(await encodeUpload(pixels, index));
  const meanMb = bodies.reduce((sum, body) => sum + body.length, 0) / bodies.length / 1e6;

  await untilIdle(stack, { maxS: 30 });
  const idle = memoryOf(mediaPid);

  // (a) one upload at a time, as an owner's browser sends them; RSS sampled every 50 ms for the peak.
  let peakRssKb = idle?.rssKb ?? 0;
  const sampler = setInterval(() => {
    const now = memoryOf(mediaPid);
    if (now && now.rssKb > peakRssKb) peakRssKb = now.rssKb;
  }, 50);
  const timesMs = [];
  let photo;
  try {
    for (const [index, body] of bodies.entries()) {
      const started = process.hrtime.bigint();
      const answer = await fetch(`${stack.baseUrl}/v1/products/${productIds[index]}/photos`, {
        method: 'POST',
        headers: { ...apiHeaders, 'Content-Type': 'image/jpeg' },
        body,
      });
      const json = await answer.json();
      timesMs.push(Number(process.hrtime.bigint() - started) / 1e6);
      if (!answer.ok) throw new Error(`an upload answered ${answer.status}: ${JSON.stringify(json).slice(0, 300)}`);
      photo = json.data.photo;
      if (photo.width !== WIDTH || photo.height !== HEIGHT) throw new Error(`an upload answered ${photo.width}×${photo.height}`);
    }
  } finally {
    clearInterval(sampler);
  }
  const afterUploads = memoryOf(mediaPid);
  const sorted = [...timesMs].sort((a, b) => a - b);
  const upload = { count: uploads, meanMb, p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99), maxMs: sorted.at(-1) };

  // (b) a warm rendition: asked for once (made now if it was not at upload), then served from where it is kept.
  const mediaPath = new URL(`http:${photo.medium}`).pathname;
  const gatewayUrl = `${stack.baseUrl}${mediaPath}`;
  const imageHeaders = { Accept: IMAGE_ACCEPT };
  const captured = await fetchBytes(gatewayUrl, imageHeaders);
  if (captured.status !== 200) throw new Error(`GET ${mediaPath} answered ${captured.status}`);
  const bodyFile = path.join(tempRoot, 'rendition.bin');
  fs.writeFileSync(bodyFile, captured.body);
  log(`captured GET ${mediaPath}: ${captured.body.length} bytes, ${captured.contentType}`);
  const bare = await startBareServer(bodyFile, captured.contentType);

  const loadConfig = (title, url, headers) => ({
    title,
    url,
    headers,
    connections: settings.connections,
    durationS: settings.durationS,
    warmupS: settings.warmupS,
  });
  const rounds = [];
  for (let round = 1; round <= settings.rounds; round++) {
    const label = settings.rounds > 1 ? ` (round ${round}/${settings.rounds})` : '';
    const bareRun = await runLoad(loadConfig(`bare node:http${label}`, `${bare.url}${mediaPath}`, imageHeaders), { bare: bare.child.pid });
    await sleep(1_000);
    const stackRun = await runLoad(loadConfig(`stack /media${label}`, gatewayUrl, imageHeaders), {
      gateway: stack.pids.gateway,
      media: mediaPid,
      launcher: stack.launcher.pid,
    });
    const after = await fetchBytes(gatewayUrl, imageHeaders).catch((error) => ({ error }));
    if (after.error) stackRun.bodyMismatch = `the gateway did not answer after the run (${after.error.message})`;
    else if (after.status !== 200 || !after.body.equals(captured.body)) stackRun.bodyMismatch = 'after the run the rendition changed';
    rounds.push({ bare: bareRun, stack: stackRun });
    await sleep(1_000);
  }
  await stopChild(bare.child);
  const end = memoryOf(mediaPid);

  const results = {
    settings,
    loadAverage: os.loadavg(),
    upload,
    uploadTimesMs: timesMs,
    rendition: { path: mediaPath, bytes: captured.body.length, contentType: captured.contentType },
    rounds,
    memory: { idle, peakSampledRssKb: peakRssKb, afterUploads, end },
  };
  results.verdict = report(results, settings);
  return results;
}

async function startBareServer(bodyFile, contentType) {
  const child = spawnNode('bare server', [path.join(__dirname, 'bare-server.js')], {
    env: { ...process.env, BENCH_BODY_FILE: bodyFile, BENCH_CONTENT_TYPE: contentType },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const [, port] = await waitForLine(child, 'bare server', /^LISTENING (\d+)$/, 10_000);
  return { url: `http://127.0.0.1:${port}`, child };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function report(results, settings) {
  const { upload, rounds, memory } = results;
  const mb = (kb) => (Number.isFinite(kb) ? fmt(kb / 1024, 1) : 'n/a');
  const out = [''];
  out.push(
    `media — machine: ${os.cpus().length} cores, node ${process.version}; load average at the start ` +
      `${results.loadAverage.map((n) => n.toFixed(2)).join(', ')}`,
  );
  out.push('');
  out.push(
    `(a) upload to ready: ${upload.count} uploads, one at a time, of distinct ${WIDTH}×${HEIGHT} JPEGs ` +
      `(${fmt(upload.meanMb, 1)} MB on average), from the POST of /v1/products/:id/photos to its answer`,
  );
  out.push(`    p50 ${fmt(upload.p50Ms)} ms   p99 ${fmt(upload.p99Ms)} ms   max ${fmt(upload.maxMs)} ms`);
  out.push('');
  out.push(
    `(b) GET ${results.rendition.path} (Accept webp: ${results.rendition.bytes} bytes, ${results.rendition.contentType}) — ` +
      `${settings.connections} connections, ${settings.durationS}s measured after ${settings.warmupS}s warm-up, ${rounds.length} round(s)`,
  );
  const rows = [['target', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'responses', 'non-2xx', 'errors', 'server CPU µs/req']];
  const row = (name, run, server) => {
    const m = run.measured;
    return [
      name,
      fmt(m.requestsPerSecond),
      fmt(m.latencyMs.p50),
      fmt(m.latencyMs.p99),
      fmt(m.latencyMs.max),
      fmt(m.requestsTotal),
      fmt(m.non2xx),
      fmt(m.errors + m.timeouts),
      fmt(cpuPerRequest(run, server)),
    ];
  };
  rounds.forEach(({ bare, stack }, index) => {
    const label = rounds.length > 1 ? ` #${index + 1}` : '';
    rows.push(row(`bare node:http${label}`, bare, 'bare'), row(`stack /media${label}`, stack, 'gateway'));
  });
  out.push(formatTable(rows));
  const ratios = rounds.map(({ bare, stack }) => stack.measured.requestsPerSecond / bare.measured.requestsPerSecond);
  const ratio = median(ratios);
  const p99 = median(rounds.map(({ stack }) => stack.measured.latencyMs.p99));
  const ratioMet = ratio >= TARGETS.minRatio;
  out.push(`ratio stack/bare req/s per round: ${ratios.map((value) => fmt(value, 3)).join(', ')}`);
  out.push(
    `median ratio ${fmt(ratio, 3)} (target >= ${TARGETS.minRatio}: ${ratioMet ? 'MET' : 'NOT MET'})   median stack p99 ${fmt(p99)} ms`,
  );
  rounds.forEach(({ stack }, index) => {
    const cpu = Object.entries(stack.cpu ?? {})
      .map(([name, percent]) => `${name} ${percent}%`)
      .join(', ');
    if (cpu) out.push(`  CPU during stack run #${index + 1} (% of one core): ${cpu}`);
  });
  out.push('');
  out.push('(c) media service memory (MB):');
  out.push(
    formatTable([
      ['when', 'RSS', 'peak RSS (VmHWM)', 'PSS'],
      ['idle, before the uploads', mb(memory.idle?.rssKb), mb(memory.idle?.hwmKb), mb(memory.idle?.pssKb)],
      ['peak under the uploads (sampled every 50 ms)', mb(memory.peakSampledRssKb), '', ''],
      ['after the uploads', mb(memory.afterUploads?.rssKb), mb(memory.afterUploads?.hwmKb), mb(memory.afterUploads?.pssKb)],
      ['after the serving runs', mb(memory.end?.rssKb), mb(memory.end?.hwmKb), mb(memory.end?.pssKb)],
    ]),
  );
  const invalid = [];
  rounds.forEach(({ bare, stack }, index) => {
    for (const [name, run] of [
      ['bare', bare],
      ['stack', stack],
    ]) {
      const problems = problemsOf(run);
      if (problems.length > 0) invalid.push(`${name} #${index + 1}: ${problems.join('; ')}`);
    }
  });
  if (invalid.length > 0) {
    out.push('');
    out.push('!'.repeat(78));
    out.push('!!! INVALID RUN: not every request got the expected 2xx answer:');
    for (const line of invalid) out.push(`!!!   ${line}`);
    out.push('!'.repeat(78));
  }
  process.stdout.write(`${out.join('\n')}\n`);
  return { ratio, p99, ratioMet, upload, invalid };
}

module.exports = { runMediaBench };
