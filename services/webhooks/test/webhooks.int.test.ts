// The five webhook RPCs through gRPC, with the real storefront for the store's zone.
import { storefront, webhooks } from '@commerce/contracts';
import { GrpcStatus } from '@commerce/grpc-runtime';
import { rejectionOf, waitFor } from '@commerce/testing';
import { aStore, aWebhook, PUBLIC_URL, startWebhooksHarness, type WebhooksHarness } from './webhooks.fixture';

let harness: WebhooksHarness;

beforeAll(async () => {
  harness = await startWebhooksHarness();
});

afterAll(() => harness?.stop());

describe('CreateWebhook', () => {
  it('answers the active webhook, its whsec_ secret and the store zone', async () => {
    const storeId = await aStore(harness, 'Asia/Tokyo');
    const before = Date.now();

    const created = await harness.client.createWebhook(
      aWebhook(storeId, { events: ['order/paid', 'shipping_group/*', 'order/paid', 'order/canceled'] }),
    );

    expect(created.time_zone).toBe('Asia/Tokyo');
    expect(created.signing_secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(created.webhook).toMatchObject({
      url: PUBLIC_URL,
      events: ['order/paid', 'shipping_group/*', 'order/canceled'],
      status: 'active',
      disabled_reason: undefined,
    });
    expect(created.webhook!.created_at!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(created.webhook!.updated_at).toEqual(created.webhook!.created_at);
  });

  it('refuses every broken field at once, naming each', async () => {
    const storeId = await aStore(harness);
    const refused = await rejectionOf(
      harness.client.createWebhook(aWebhook(storeId, { url: 'ftp://93.184.215.14/x', events: ['order/paid', 'order/teleported'] })),
    );

    expect(refused).toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      fieldViolations: {
        url: ['must be an absolute http or https URL'],
        events: ['has a topic that is not a public topic: "order/teleported"'],
      },
    });
  });

  it.each([
    ['http://localhost:8080/hook', /has a host \(localhost\) that resolves to a loopback address/],
    ['http://127.0.0.1/hook', /points to a loopback address \(127\.0\.0\.1\)/],
    ['http://[::1]/hook', /points to a loopback address \(::1\)/],
    ['http://[::ffff:10.0.0.1]/hook', /points to a private address \(::ffff:a00:1\)/],
    ['https://192.168.1.20/hook', /points to a private address/],
    ['http://169.254.169.254/latest/meta-data', /points to a link-local address/],
    ['http://0.0.0.0/', /points to an unspecified address/],
    ['https://user:pass@93.184.215.14/hook', /must not contain a user name or password/],
    [`https://93.184.215.14/${'a'.repeat(2_048)}`, /must be at most 2048 characters/],
  ])('refuses %s', async (url, message) => {
    const storeId = await aStore(harness);
    const refused = await rejectionOf(harness.client.createWebhook(aWebhook(storeId, { url })));
    expect(refused).toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });
    expect((refused as { fieldViolations: Record<string, string[]> }).fieldViolations.url[0]).toMatch(message);
  });

  it('needs at least one topic', async () => {
    const storeId = await aStore(harness);
    const refused = await rejectionOf(harness.client.createWebhook(aWebhook(storeId, { events: [] })));
    expect(refused).toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT, fieldViolations: { events: ['must name at least one topic'] } });
  });

  it('answers NOT_FOUND for a store the storefront does not know, and INVALID_ARGUMENT without a store', async () => {
    expect(await rejectionOf(harness.client.createWebhook(aWebhook(999_999)))).toMatchObject({ code: GrpcStatus.NOT_FOUND });
    expect(await rejectionOf(harness.client.createWebhook(aWebhook(0)))).toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });
  });

  it('refuses the 51st webhook of a store, and takes one again after a delete', async () => {
    const storeId = await aStore(harness);
    const ids: number[] = [];
    for (let n = 0; n < 50; n++) ids.push((await harness.client.createWebhook(aWebhook(storeId))).webhook!.id);

    const refused = await rejectionOf(harness.client.createWebhook(aWebhook(storeId)));
    expect(refused).toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      fieldViolations: { webhooks: ['are limited to 50 per store; delete one first'] },
    });

    await harness.client.deleteWebhook({ store_id: storeId, webhook_id: ids[17]! });
    expect((await harness.client.createWebhook(aWebhook(storeId))).webhook!.status).toBe('active');
    expect((await harness.client.listWebhooks({ store_id: storeId })).webhooks).toHaveLength(50);
  });
});

describe('ListWebhooks and GetWebhook', () => {
  it("answer the store's live webhooks by id, never their secret", async () => {
    const storeId = await aStore(harness, 'Europe/Paris');
    const first = (await harness.client.createWebhook(aWebhook(storeId))).webhook!;
    const second = (await harness.client.createWebhook(aWebhook(storeId, { events: ['product/created'] }))).webhook!;

    const listed = await harness.client.listWebhooks({ store_id: storeId });
    expect(listed).toEqual({ webhooks: [first, second], time_zone: 'Europe/Paris' });
    expect(await harness.client.getWebhook({ store_id: storeId, webhook_id: second.id })).toEqual({
      webhook: second,
      time_zone: 'Europe/Paris',
    });
    expect(JSON.stringify(webhooks.ListWebhooksResponse.toJSON(listed))).not.toContain('whsec_');
  });

  it('follow a change of the store zone', async () => {
    const storeId = await aStore(harness, 'America/New_York');
    await harness.client.createWebhook(aWebhook(storeId));
    expect((await harness.client.listWebhooks({ store_id: storeId })).time_zone).toBe('America/New_York');

    await harness.stores.updateStore(storefront.UpdateStoreRequest.fromPartial({ store_id: storeId, time_zone: 'Asia/Kolkata' }));

    await waitFor(async () => (await harness.client.listWebhooks({ store_id: storeId })).time_zone === 'Asia/Kolkata', {
      message: 'the list to render in the new zone',
    });
  });
});

describe('UpdateWebhook', () => {
  it('changes the fields given with the create rules, and updated_at', async () => {
    const storeId = await aStore(harness);
    const created = (await harness.client.createWebhook(aWebhook(storeId))).webhook!;

    const { webhook } = await harness.client.updateWebhook(
      webhooks.UpdateWebhookRequest.fromPartial({
        store_id: storeId,
        webhook_id: created.id,
        url: 'https://93.184.215.15/v2',
        events: { events: ['variant/deleted', 'store/updated'] },
      }),
    );

    expect(webhook).toMatchObject({
      id: created.id,
      url: 'https://93.184.215.15/v2',
      events: ['variant/deleted', 'store/updated'],
      status: 'active',
      created_at: created.created_at,
    });
    expect(webhook!.updated_at!.getTime()).toBeGreaterThanOrEqual(created.updated_at!.getTime());
    const refused = await rejectionOf(
      harness.client.updateWebhook(
        webhooks.UpdateWebhookRequest.fromPartial({ store_id: storeId, webhook_id: created.id, url: 'http://localhost/x' }),
      ),
    );
    expect(refused).toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT, fieldViolations: { url: [expect.stringContaining('loopback')] } });
    expect((await harness.client.getWebhook({ store_id: storeId, webhook_id: created.id })).webhook!.url).toBe('https://93.184.215.15/v2');
  });

  it('disables with a reason, and enabled = true makes it active again without one', async () => {
    const storeId = await aStore(harness);
    const created = (await harness.client.createWebhook(aWebhook(storeId))).webhook!;
    const change = (enabled: boolean) =>
      harness.client.updateWebhook(webhooks.UpdateWebhookRequest.fromPartial({ store_id: storeId, webhook_id: created.id, enabled }));

    expect((await change(false)).webhook).toMatchObject({ status: 'disabled', disabled_reason: 'disabled by an update (enabled=false)' });
    const active = (await change(true)).webhook!;
    expect(active.status).toBe('active');
    expect(active.disabled_reason).toBeUndefined();
  });
});

describe('DeleteWebhook', () => {
  it('answers the webhook as deleted; then it is NOT_FOUND and gone from the list', async () => {
    const storeId = await aStore(harness);
    const created = (await harness.client.createWebhook(aWebhook(storeId))).webhook!;
    const ids = { store_id: storeId, webhook_id: created.id };

    expect((await harness.client.deleteWebhook(ids)).webhook).toEqual(created);

    expect(await rejectionOf(harness.client.getWebhook(ids))).toMatchObject({ code: GrpcStatus.NOT_FOUND, message: 'Webhook not found' });
    expect(await rejectionOf(harness.client.deleteWebhook(ids))).toMatchObject({ code: GrpcStatus.NOT_FOUND });
    expect(
      await rejectionOf(harness.client.updateWebhook(webhooks.UpdateWebhookRequest.fromPartial({ ...ids, enabled: true }))),
    ).toMatchObject({ code: GrpcStatus.NOT_FOUND });
    expect((await harness.client.listWebhooks({ store_id: storeId })).webhooks).toEqual([]);
  });
});

describe('tenancy', () => {
  it("answers NOT_FOUND for another store's webhook on every RPC and lists only the store's own", async () => {
    const [mine, theirs] = [await aStore(harness), await aStore(harness)];
    const hook = (await harness.client.createWebhook(aWebhook(mine))).webhook!;
    const foreign = { store_id: theirs, webhook_id: hook.id };

    expect(await rejectionOf(harness.client.getWebhook(foreign))).toMatchObject({ code: GrpcStatus.NOT_FOUND });
    expect(
      await rejectionOf(harness.client.updateWebhook(webhooks.UpdateWebhookRequest.fromPartial({ ...foreign, url: PUBLIC_URL }))),
    ).toMatchObject({ code: GrpcStatus.NOT_FOUND });
    expect(await rejectionOf(harness.client.deleteWebhook(foreign))).toMatchObject({ code: GrpcStatus.NOT_FOUND });
    expect((await harness.client.listWebhooks({ store_id: theirs })).webhooks).toEqual([]);
    expect((await harness.client.getWebhook({ store_id: mine, webhook_id: hook.id })).webhook).toEqual(hook);
  });
});

it('publishes no event for webhook records (they are not a public topic)', async () => {
  const storeId = await aStore(harness);
  const { webhook } = await harness.client.createWebhook(aWebhook(storeId));
  await harness.client.updateWebhook(
    webhooks.UpdateWebhookRequest.fromPartial({ store_id: storeId, webhook_id: webhook!.id, enabled: false }),
  );
  await harness.client.deleteWebhook({ store_id: storeId, webhook_id: webhook!.id });
  expect(await harness.eventsOf('webhooks')).toEqual([]);
});
