import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const KEY_FILE = 'secret.key';
const KEY_BYTES = 32;

/**
 * The key signing secrets are encrypted with: WEBHOOK_SECRET_KEY when set (config checked it is 32 bytes), else,
 * on the embedded engine, the one generated into `<dataDir>/secret.key` (mode 600) at first start and read back
 * at every later one, so secrets sealed before a restart still open after it. Never logged.
 */
export function secretKeyOf(fromEnv: string | undefined, dataDir: string): Buffer {
  if (fromEnv) return Buffer.from(fromEnv, 'base64');
  const file = path.join(dataDir, KEY_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    // 'wx': a second process starting at the same moment reads the first one's key instead of replacing it.
    try {
      fs.writeFileSync(file, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`${file} does not hold base64 of ${KEY_BYTES} bytes; restore it or set WEBHOOK_SECRET_KEY`);
  return key;
}
