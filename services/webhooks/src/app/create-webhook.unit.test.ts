// The webhook use cases on the real repository over an in-memory database, with a storefront and DNS written for the test.
import { openDatabase, type Collection, type Database } from '@commerce/persistence';
import { StoreZoneRepository, type StoreZoneDocument } from '@commerce/store-zones';
import { MAX_WEBHOOKS_PER_STORE } from '../domain/webhook';
import { ensureWebhooksIndexes } from '../infra/indexes';
import { SecretBox } from '../infra/secret-box';
import { WebhookRepository, type WebhookDocument } from '../infra/webhook.repository';
import { createWebhook } from './create-webhook';
import { deleteWebhook } from './delete-webhook';
import { getWebhook } from './get-webhook';
import { listWebhooks } from './list-webhooks';
import { updateWebhook } from './update-webhook';
import { secretOwnerOf } from './webhook-message';
import type { WebhooksDeps } from './webhooks-deps';

const STORE = 7;
const OTHER_STORE = 8;
const NOW = new Date('2026-06-01T12:00:00Z');
const LATER = new Date('2026-06-01T13:00:00Z');
const HOOK = { url: 'https://hooks.example.com/in', events: ['order/paid'] };

let db: Database;
let documents: Collection<WebhookDocument>;
let deps: Pick<
  WebhooksDeps,
  'webhooks' | 'zones' | 'storefront' | 'secrets' | 'resolver' | 'allowPrivateNetworks' | 'topics' | 'nextId' | 'clock'
>;
let now: Date;
const box = new SecretBox(Buffer.alloc(32, 9));

beforeEach(async () => {
  db = await openDatabase({ engine: 'memory' });
  await ensureWebhooksIndexes(db);
  documents = db.collection(WebhookRepository.collection);
  const zones = db.collection<StoreZoneDocument>(StoreZoneRepository.collection);
  now = NOW;
  deps = {
    webhooks: new WebhookRepository(documents),
    zones: new StoreZoneRepository(zones),
    storefront: {
      storeSettings: async () => ({
        settings: { time_zone: 'Europe/Paris', currency: 'EUR', prices_include_tax: true },
        updatedAt: new Date(0),
      }),
    },
    secrets: box,
    resolver: { addressesOf: async (host) => (host === 'hooks.example.com' ? ['93.184.215.14'] : null) },
    allowPrivateNetworks: false,
    topics: new Set(['order/paid', 'order/created', 'shipping_group/*']),
    nextId: (counter) => db.nextId(counter),
    clock: () => now,
  };
});
afterEach(() => db.close());

const storedOf = async (id: number) => (await documents.findOne({ id })) as WebhookDocument;

describe('createWebhook', () => {
  it('answers an active webhook and its whsec_ secret, in the store zone', async () => {
    const created = await createWebhook(deps, STORE, {
      url: ' https://hooks.example.com/in ',
      events: ['order/paid', 'shipping_group/*', 'order/paid'],
    });

    expect(created).toEqual({
      webhook: {
        id: 1,
        url: 'https://hooks.example.com/in',
        events: ['order/paid', 'shipping_group/*'],
        status: 'active',
        disabled_reason: undefined,
        created_at: NOW,
        updated_at: NOW,
      },
      signing_secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{32}$/),
      time_zone: 'Europe/Paris',
    });
  });

  it('stores the secret sealed: the document holds nothing of it in clear, and it opens back for that webhook only', async () => {
    const { webhook, signing_secret } = await createWebhook(deps, STORE, HOOK);
    const stored = await storedOf(webhook!.id);
    const raw = JSON.stringify(stored);

    expect(raw).not.toContain(signing_secret);
    expect(raw).not.toContain(signing_secret.slice('whsec_'.length));
    expect(raw).not.toContain('whsec_');
    expect(Object.keys(stored.signing_secret).sort()).toEqual(['ciphertext', 'iv', 'key_id', 'tag']);
    expect(box.open(stored.signing_secret, secretOwnerOf({ store_id: STORE, id: webhook!.id }))).toBe(signing_secret);
  });

  it('gives every webhook its own secret', async () => {
    const first = await createWebhook(deps, STORE, HOOK);
    const second = await createWebhook(deps, STORE, HOOK);
    expect(first.signing_secret).not.toBe(second.signing_secret);
  });

  it(`refuses the store's ${MAX_WEBHOOKS_PER_STORE + 1}st webhook, until one is deleted; other stores are not counted`, async () => {
    for (let n = 0; n < MAX_WEBHOOKS_PER_STORE; n++) await createWebhook(deps, STORE, HOOK);

    await expect(createWebhook(deps, STORE, HOOK)).rejects.toMatchObject({
      reason: 'INVALID_ARGUMENT',
      fieldViolations: { webhooks: ['are limited to 50 per store; delete one first'] },
    });
    expect((await createWebhook(deps, OTHER_STORE, HOOK)).webhook).toBeDefined();
    await deleteWebhook(deps, STORE, 10);
    expect((await createWebhook(deps, STORE, HOOK)).webhook!.id).toBe(MAX_WEBHOOKS_PER_STORE + 2);
    await expect(createWebhook(deps, STORE, HOOK)).rejects.toMatchObject({ reason: 'INVALID_ARGUMENT' });
  });

  it('keeps the limit when creates race for the last places', async () => {
    for (let n = 0; n < MAX_WEBHOOKS_PER_STORE - 3; n++) await createWebhook(deps, STORE, HOOK);
    const outcomes = await Promise.allSettled(Array.from({ length: 8 }, () => createWebhook(deps, STORE, HOOK)));

    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
    expect((await listWebhooks(deps, STORE)).webhooks).toHaveLength(MAX_WEBHOOKS_PER_STORE);
  });
});

describe('updateWebhook', () => {
  it('changes the fields given and updated_at, keeps the others and the secret', async () => {
    const { webhook } = await createWebhook(deps, STORE, HOOK);
    const sealed = (await storedOf(webhook!.id)).signing_secret;
    now = LATER;

    const { webhook: updated } = await updateWebhook(deps, STORE, webhook!.id, { events: ['order/created'] });

    expect(updated).toMatchObject({ url: HOOK.url, events: ['order/created'], status: 'active', created_at: NOW, updated_at: LATER });
    expect((await storedOf(webhook!.id)).signing_secret).toEqual(sealed);
  });

  it('disables with a reason and re-enables, clearing it', async () => {
    const { webhook } = await createWebhook(deps, STORE, HOOK);

    const disabled = (await updateWebhook(deps, STORE, webhook!.id, { enabled: false })).webhook!;
    expect(disabled).toMatchObject({ status: 'disabled', disabled_reason: 'disabled by an update (enabled=false)' });

    const enabled = (await updateWebhook(deps, STORE, webhook!.id, { enabled: true })).webhook!;
    expect(enabled.status).toBe('active');
    expect(enabled.disabled_reason).toBeUndefined();
    expect(await storedOf(webhook!.id)).not.toHaveProperty('disabled_reason');
  });

  it('answers the webhook unchanged when nothing is given', async () => {
    const { webhook } = await createWebhook(deps, STORE, HOOK);
    now = LATER;
    expect((await updateWebhook(deps, STORE, webhook!.id, {})).webhook).toEqual(webhook);
  });

  it("refuses a bad url, and answers NOT_FOUND for another store's webhook", async () => {
    const { webhook } = await createWebhook(deps, STORE, HOOK);
    await expect(updateWebhook(deps, STORE, webhook!.id, { url: 'https://10.0.0.8/in' })).rejects.toMatchObject({
      fieldViolations: { url: [expect.stringContaining('a private address (10.0.0.8)')] },
    });
    await expect(updateWebhook(deps, OTHER_STORE, webhook!.id, { events: ['order/paid'] })).rejects.toMatchObject({
      reason: 'NOT_FOUND',
      message: 'Webhook not found',
    });
  });
});

describe('deleteWebhook', () => {
  it('answers the webhook as deleted, then it is gone from get, list, update and delete', async () => {
    const { webhook } = await createWebhook(deps, STORE, HOOK);
    const kept = await createWebhook(deps, STORE, HOOK);

    expect((await deleteWebhook(deps, STORE, webhook!.id)).webhook).toEqual(webhook);

    for (const attempt of [
      () => getWebhook(deps, STORE, webhook!.id),
      () => updateWebhook(deps, STORE, webhook!.id, { enabled: true }),
      () => deleteWebhook(deps, STORE, webhook!.id),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ reason: 'NOT_FOUND' });
    }
    expect((await listWebhooks(deps, STORE)).webhooks.map((listed) => listed.id)).toEqual([kept.webhook!.id]);
    expect((await storedOf(webhook!.id)).deleted_at).toEqual(NOW);
  });
});
