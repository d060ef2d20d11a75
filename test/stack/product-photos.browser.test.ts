import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { waitFor } from '@commerce/testing';
import { launchChromium } from '../support/browser.harness';
import { ApiClient } from '../support/api.client';
import { stockShop } from '../support/orders.fixture';
import { requestSite } from '../support/site.client';
import { createStoreWithCli, REPO_ROOT, startStack, stackEnvironment, type JsonBody, type StackHandle } from '../support/stack.harness';

/**
 * Issue 33: an owner uploads a photo through the API and a buyer's Chromium shows it on the product page and the
 * home grid (docs/buyer-site.md#variables-every-page-has): the image the browser chose from the `srcset` loaded, at
 * exactly the size of that rendition (docs/media.md#the-13-sizes), from the site's own origin, with nothing blocked
 * by the Content-Security-Policy and no request failed. The product page's screenshot is docs/images/product-photo.png.
 */

const SCREENSHOTS = path.join(REPO_ROOT, 'test/output/product-photos');
const NAME = 'Blue Enamel Teapot';
const [WIDTH, HEIGHT] = [1200, 800];

/** The `Nw` renditions of a 1200 × 800 image: N wide, the height keeping 3:2. */
const WIDTH_RENDITIONS: Record<string, [number, number]> = {
  '64w': [64, 43],
  '200w': [200, 133],
  '400w': [400, 267],
  '600w': [600, 400],
  '1000w': [1000, 667],
};

let dataDir: string;
let stack: StackHandle;
let browser: Browser;
let site: string;
let productId: number;
let photo: JsonBody;

/** A 1200 × 800 JPEG: a gradient sky, a sun and a hill, so crops and scales are visible. */
function drawPhoto(): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">` +
    '<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2a6fb0"/>' +
    '<stop offset="1" stop-color="#bfe0f5"/></linearGradient></defs>' +
    '<rect width="100%" height="100%" fill="url(#sky)"/><circle cx="900" cy="220" r="110" fill="#ffd54a"/>' +
    '<ellipse cx="500" cy="860" rx="820" ry="330" fill="#3f8f4a"/></svg>';
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-product-photos-'));
  const env = await stackEnvironment(dataDir);
  stack = await startStack(env);
  const owner = await createStoreWithCli(env, 'photoshop');
  site = owner.store.url;
  const shop = new ApiClient(stack.baseUrl, owner.api_key);
  productId = (await stockShop(shop, [{ name: NAME, cents: 3400, stock: [5] }])).products[0]!.id;

  // The owner uploads as a browser's form or `curl -F photo=@teapot.jpg` does: multipart/form-data.
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(await drawPhoto())], { type: 'image/jpeg' }), 'teapot.jpg');
  const uploaded = await fetch(`${stack.baseUrl}/v1/products/${productId}/photos`, {
    method: 'POST',
    headers: { 'API-KEY': owner.api_key, Accept: 'application/json' },
    body: form,
  });
  const answer = (await uploaded.json()) as JsonBody;
  expect({ status: uploaded.status, answer }).toMatchObject({ status: 200, answer: { data: { photo: { width: WIDTH, height: HEIGHT } } } });
  photo = answer.data.photo as JsonBody;

  // The storefront learns of the photo from catalog's events: wait until the product page writes its renditions.
  await waitFor(async () => (await requestSite(`${site}/products/${productId}`)).text.includes('/media/'), {
    timeoutMs: 30_000,
    message: 'the product page did not show the uploaded photo',
  });
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A page that records what went wrong while it loaded: CSP violations (Chromium logs them), failed or refused requests. */
async function watchedPage(): Promise<{ page: Page; problems: string[] }> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(`csp: ${message.text()}`);
  });
  page.on('requestfailed', (request) => problems.push(`failed: ${request.url()} ${request.failure()?.errorText ?? ''}`));
  page.on('response', (response) => {
    // Chromium asks every host for a favicon on its own; the site has none, and that is no page's request.
    if (response.status() >= 400 && new URL(response.url()).pathname !== '/favicon.ico')
      problems.push(`${response.status()}: ${response.url()}`);
  });
  return { page, problems };
}

/** The part of the DOM's HTMLImageElement read here (the tests' TypeScript has no DOM library). */
interface ImageElement {
  complete: boolean;
  naturalWidth: number;
  naturalHeight: number;
  currentSrc: string;
  alt: string;
  src: string;
  getAttribute(name: string): string | null;
  decode(): Promise<void>;
}

/**
 * What the browser made of an <img>: loaded or not, which rendition of the srcset it took, and that rendition's own
 * pixels. The <img>'s naturalWidth is density-corrected by the `w` descriptor (a 600w image shown at 520 CSS pixels
 * reports 520), so the rendition's bitmap is read from a second image of the same URL, without srcset, from the cache.
 */
async function imageState(page: Page, selector: string) {
  const state = await page.locator(selector).evaluate(async (element) => {
    const img = element as unknown as ImageElement;
    const Probe = (globalThis as unknown as { Image: new () => ImageElement }).Image;
    const probe = new Probe();
    probe.src = img.currentSrc;
    await probe.decode();
    return {
      complete: img.complete,
      shownWidth: img.naturalWidth,
      currentSrc: img.currentSrc,
      alt: img.alt,
      width: img.getAttribute('width'),
      height: img.getAttribute('height'),
      pixels: [probe.naturalWidth, probe.naturalHeight],
    };
  });
  const rendition = /\/media\/[^/]+\/([^/?#]+)$/.exec(new URL(state.currentSrc).pathname)?.[1] ?? '';
  return { ...state, origin: new URL(state.currentSrc).origin, rendition };
}

describe('an uploaded photo on the buyer site, in Chromium', () => {
  it('answers the upload with the photo hosted on our /media renditions', () => {
    expect(photo).toMatchObject({ id: expect.any(Number), width: WIDTH, height: HEIGHT });
    expect(photo['400w']).toMatch(/^\/\/[^/]+\/media\/[^/]+\/400w$/);
  });

  it("loads the product page's photo from the site's own origin, at the size of the rendition it chose", async () => {
    const { page, problems } = await watchedPage();
    const answer = await page.goto(`${site}/products/${productId}`, { waitUntil: 'load' });
    expect(answer?.status()).toBe(200);

    const image = await imageState(page, '#product-photo');
    expect(image).toMatchObject({ complete: true, alt: NAME, origin: new URL(site).origin, width: '600', height: '400' });
    expect(Object.keys(WIDTH_RENDITIONS)).toContain(image.rendition);
    expect(image.shownWidth).toBeGreaterThan(0);
    expect(image.pixels).toEqual(WIDTH_RENDITIONS[image.rendition]);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'product.png') });
    expect(problems).toEqual([]);
  });

  it('loads the home grid card the same way', async () => {
    const { page, problems } = await watchedPage();
    await page.goto(`${site}/`, { waitUntil: 'load' });

    const image = await imageState(page, `.product-card[data-product-id="${productId}"] img`);
    expect(image).toMatchObject({ complete: true, alt: NAME, origin: new URL(site).origin, width: '400', height: '267' });
    expect(image.shownWidth).toBeGreaterThan(0);
    expect(image.pixels).toEqual(WIDTH_RENDITIONS[image.rendition]);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'home.png') });
    expect(problems).toEqual([]);
  });
});
