// Signing secrets at rest: sealed in the service's data, under a key generated once into DATA_DIR (or the configured one).
import fs from 'node:fs';
import path from 'node:path';
import { embeddedStoreBytes, readEmbeddedCollection } from '@commerce/persistence';
import { removeDir, tempDir } from '@commerce/testing';
import { secretOwnerOf } from '../src/app/webhook-message';
import { SecretBox } from '../src/infra/secret-box';
import { secretKeyOf } from '../src/infra/secret-key';
import type { WebhookDocument } from '../src/infra/webhook.repository';
import { aStore, aWebhook, startWebhooksHarness, type WebhooksHarness } from './webhooks.fixture';

let harness: WebhooksHarness;
let dataDir: string;

beforeAll(async () => {
  harness = await startWebhooksHarness();
  dataDir = path.join(harness.dataDir, 'webhooks');
});

afterAll(() => harness?.stop());

it('keeps no signing secret in clear anywhere in the database file or its log', async () => {
  const storeId = await aStore(harness);
  const secrets = [];
  for (let n = 0; n < 3; n++) secrets.push((await harness.client.createWebhook(aWebhook(storeId))).signing_secret);

  const bytes = await embeddedStoreBytes(dataDir);
  expect(bytes).toContain('https://93.184.215.14/hooks'); // what is stored in clear shows, so the secret would
  expect(bytes).not.toContain('whsec_');
  for (const secret of secrets) {
    expect(bytes).not.toContain(secret.slice('whsec_'.length));
    expect(bytes).not.toContain(Buffer.from(secret.slice('whsec_'.length), 'base64').toString('latin1'));
  }
});

it('generates the key once into DATA_DIR/webhooks/secret.key (mode 600), and secrets sealed before a restart open after it', async () => {
  const storeId = await aStore(harness);
  const { webhook, signing_secret } = await harness.client.createWebhook(aWebhook(storeId));
  const keyFile = path.join(dataDir, 'secret.key');
  const key = fs.readFileSync(keyFile, 'utf8');
  expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
  expect(Buffer.from(key.trim(), 'base64')).toHaveLength(32);

  await harness.restart();

  expect(fs.readFileSync(keyFile, 'utf8')).toBe(key);
  expect((await harness.client.getWebhook({ store_id: storeId, webhook_id: webhook!.id })).webhook).toEqual(webhook);
  const stored = readEmbeddedCollection<WebhookDocument>(dataDir, 'webhooks').find((document) => document.id === webhook!.id)!;
  expect(new SecretBox(secretKeyOf(undefined, dataDir)).open(stored.signing_secret, secretOwnerOf(stored))).toBe(signing_secret);
});

it('uses WEBHOOK_SECRET_KEY when it is set, and writes no key file then', async () => {
  const dir = await tempDir('webhooks-key-');
  try {
    const configured = Buffer.alloc(32, 5);
    expect(secretKeyOf(configured.toString('base64'), dir)).toEqual(configured);
    expect(fs.existsSync(path.join(dir, 'secret.key'))).toBe(false);
  } finally {
    await removeDir(dir);
  }
});
