// WEBHOOK_ALLOW_PRIVATE_NETWORKS=true: a receiver on this machine or the local network may be registered.
import { aStore, aWebhook, startWebhooksHarness, type WebhooksHarness } from './webhooks.fixture';

let harness: WebhooksHarness;

beforeAll(async () => {
  harness = await startWebhooksHarness({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });
});

afterAll(() => harness?.stop());

it.each([
  'http://localhost:9999/hook',
  'http://127.0.0.1:9999/hook',
  'http://[::1]:9999/hook',
  'https://10.0.0.7/hook',
  'http://printer.invalid/hook',
])('takes %s, resolving nothing', async (url) => {
  const storeId = await aStore(harness);
  const { webhook } = await harness.client.createWebhook(aWebhook(storeId, { url }));
  expect(webhook).toMatchObject({ url, status: 'active' });
});

it('still refuses what is not an http(s) URL', async () => {
  const storeId = await aStore(harness);
  await expect(harness.client.createWebhook(aWebhook(storeId, { url: 'file:///etc/passwd' }))).rejects.toMatchObject({
    fieldViolations: { url: ['must be an absolute http or https URL'] },
  });
});
