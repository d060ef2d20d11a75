import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { aGatewayApp, storeSevenIdentity } from '../app.fixture';
import type { BackendClients } from '../clients';
import { readDashboard } from './dashboard.routes';

const SCRIPT = 'console.log("the dashboard");'.repeat(50);

/** A build as scripts/build.mjs leaves it: the page, a hashed script with its brotli and gzip copies, a stylesheet. */
function aBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dashboard-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><script type="module" src="/admin/assets/index-abc.js"></script>');
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc.js'), SCRIPT);
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc.js.br'), zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc.js.gz'), zlib.gzipSync(SCRIPT));
  fs.writeFileSync(path.join(dir, 'assets', 'index-def.css'), 'body{margin:0}');
  fs.writeFileSync(path.join(dir, 'assets', 'notes.txt'), 'not served');
  return dir;
}

async function serving<T>(dashboardDir: string, work: (get: typeof getRaw) => Promise<T>, publicUrl?: string): Promise<T> {
  const server = http.createServer(aGatewayApp({} as BackendClients, storeSevenIdentity, { dashboardDir, publicUrl }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  try {
    return await work((pathname, headers) => getRaw(`http://127.0.0.1:${port}${pathname}`, headers));
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** The answer as sent: no decompression, so the encoding chosen is visible. */
function getRaw(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('the dashboard at /admin', () => {
  const dir = aBuild();
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('answers its one page for /admin and every path under it, with a policy that runs only its own scripts', async () => {
    await serving(dir, async (get) => {
      for (const pathname of ['/admin', '/admin/', '/admin/orders/12', '/admin/callback?code=x&state=y']) {
        const page = await get(pathname);
        expect([pathname, page.status]).toEqual([pathname, 200]);
        expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(page.headers['cache-control']).toBe('no-cache');
        expect(page.body.toString()).toContain('/admin/assets/index-abc.js');
        const policy = String(page.headers['content-security-policy']);
        expect(policy).toContain("script-src 'self';");
        expect(policy).toContain("default-src 'none'");
        expect(policy).toContain("frame-ancestors 'none'");
        expect(policy).not.toMatch(/unsafe-eval|https?:/);
        // Inline and data: styles only, for a page template's preview (a srcdoc frame inherits the policy); never scripts.
        expect(policy.split('; ').filter((directive) => directive.includes('unsafe-inline'))).toEqual([
          "style-src 'self' 'unsafe-inline' data:",
        ]);
        expect(page.headers['x-frame-options']).toBe('DENY');
      }
    });
  });

  it('sends a hashed asset brotli- or gzip-compressed as the browser accepts, cached for good', async () => {
    await serving(dir, async (get) => {
      const br = await get('/admin/assets/index-abc.js', { 'Accept-Encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(br.headers.vary).toBe('Accept-Encoding');

      const gzip = await get('/admin/assets/index-abc.js', { 'Accept-Encoding': 'gzip, br;q=0' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gzip.body).toString()).toBe(SCRIPT);

      const plain = await get('/admin/assets/index-abc.js');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe(SCRIPT);

      const css = await get('/admin/assets/index-def.css', { 'Accept-Encoding': 'br' });
      expect(css.headers['content-encoding']).toBeUndefined();
      expect(css.body.toString()).toBe('body{margin:0}');
    });
  });

  it('answers 404 for any asset not in the build: other files, other directories, encoded climbs', async () => {
    await serving(dir, async (get) => {
      for (const pathname of [
        '/admin/assets/notes.txt',
        '/admin/assets/index-abc.js.br',
        '/admin/assets/missing.js',
        '/admin/assets/..%2Findex.html',
        '/admin/assets/__proto__',
        '/admin/assets/constructor',
      ]) {
        const answer = await get(pathname);
        expect([pathname, answer.status]).toEqual([pathname, 404]);
        expect(answer.headers['content-type']).toMatch(/application\/json/);
      }
    });
  });

  it("sends the page to PUBLIC_URL's host from any other name of the machine, the path and query kept", async () => {
    await serving(
      dir,
      async (get) => {
        const elsewhere = await get('/admin/orders?status=open', { Host: '127.0.0.1:8080' });
        expect(elsewhere.status).toBe(302);
        expect(elsewhere.headers.location).toBe('http://localhost:8080/admin/orders?status=open');
        const home = await get('/admin/orders?status=open', { Host: 'localhost:8080' });
        expect(home.status).toBe(200);
        expect(home.body.toString()).toContain('/admin/assets/index-abc.js');
      },
      'http://localhost:8080',
    );
  });

  it('says the dashboard is not built, as a 503 page, when the build is missing', async () => {
    expect(readDashboard(path.join(dir, 'nothing-here'))).toBeUndefined();
    await serving(path.join(dir, 'nothing-here'), async (get) => {
      const page = await get('/admin/orders');
      expect(page.status).toBe(503);
      expect(page.body.toString()).toContain('npm run build');
    });
  });
});
