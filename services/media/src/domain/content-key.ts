import { createHash } from 'node:crypto';

/** The name of bytes in the store, and a rendition's digest (its strong ETag): SHA-256, lower-case hex. */
export const contentKey = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** What a key looks like: the only keys GetRendition looks up. */
export const isContentKey = (text: string): boolean => /^[0-9a-f]{64}$/.test(text);
