import { createVerify, generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { tempDir, waitFor } from '@commerce/testing';
import { aStore, anOrder, orderEvent, startNotificationsHarness, type NotificationsHarness } from './notifications.fixture';

// With DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY_FILE set, every message is signed (docs/notifications.md#delivery):
// the DKIM-Signature names the domain and selector, and its signature verifies with the public key over the headers it
// lists (the body is covered through its hash, bh=, which the signed DKIM-Signature header carries).
let harness: NotificationsHarness;
const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

beforeAll(async () => {
  const keyFile = path.join(await tempDir('dkim-'), 'dkim.pem');
  writeFileSync(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }));
  harness = await startNotificationsHarness({
    env: { DKIM_DOMAIN: 'platform.test', DKIM_SELECTOR: 'mail2026', DKIM_PRIVATE_KEY_FILE: keyFile },
  });
}, 60_000);

afterAll(async () => {
  await harness?.close();
});

it('signs every message for the configured domain and selector', async () => {
  const storeId = await aStore(harness, { support_email: '' });
  await harness.publish(orderEvent(storeId, 'order/paid', anOrder({ email: 'signed@buyer.test' })));
  const { raw } = await waitFor(() => harness.smtp.received.find((received) => received.envelopeTo.includes('signed@buyer.test')));

  const headerEnd = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, headerEnd).replace(/\r\n[ \t]/g, ' ');
  const signature = /^DKIM-Signature:\s*(.+)$/im.exec(headers)?.[1];
  expect(signature).toBeDefined();
  const tags = Object.fromEntries(signature!.split(';').map((tag) => tag.trim().split(/=(.*)/s).slice(0, 2) as [string, string]));
  expect(tags).toMatchObject({ d: 'platform.test', s: 'mail2026', a: 'rsa-sha256' });
  expect(tags.h.toLowerCase().split(':')).toEqual(expect.arrayContaining(['from', 'subject', 'message-id', 'to']));

  // The signature verifies: relaxed canonicalisation of the listed headers, then the DKIM-Signature header without b=.
  const relaxed = (line: string) => {
    const colon = line.indexOf(':');
    return `${line.slice(0, colon).trim().toLowerCase()}:${line
      .slice(colon + 1)
      .replace(/\s+/g, ' ')
      .trim()}`;
  };
  const lines = headers.split('\r\n');
  const pick = (name: string) => lines.filter((line) => line.toLowerCase().startsWith(`${name}:`)).pop();
  const signed = tags.h
    .split(':')
    .map((name) => pick(name.trim().toLowerCase()))
    .filter((line): line is string => line !== undefined)
    .map(relaxed);
  const dkimLine = relaxed(pick('dkim-signature')!).replace(/b=[^;]*$/, 'b=');
  const verifier = createVerify('RSA-SHA256');
  verifier.update(`${[...signed, dkimLine].join('\r\n')}`);
  expect(verifier.verify(publicKey, tags.b.replace(/\s+/g, ''), 'base64')).toBe(true);
});
