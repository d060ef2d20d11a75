import { StorageType, type NatsConnection, type ObjectStore } from 'nats';
import { contentKey } from '../domain/content-key';

/**
 * Image bytes, content-addressed (docs/media.md#where-the-bytes-live): each distinct image once in the JetStream object
 * store the stack already runs, named by the SHA-256 of its bytes. The same bytes uploaded twice, by one store or
 * several, at once or not, are one object; what refers to them (a store's photo) is kept apart, so no object name
 * says whose it is.
 */
export class ImageStore {
  static readonly bucket = 'media_images';

  private constructor(private readonly objects: ObjectStore) {}

  /** Opens (creating if need be) the bucket, on disk and replicated as the stream settings of the deployment say. */
  static async open(nc: NatsConnection, options: { replicas?: number } = {}): Promise<ImageStore> {
    const objects = await nc.jetstream().views.os(ImageStore.bucket, { storage: StorageType.File, replicas: options.replicas ?? 1 });
    return new ImageStore(objects);
  }

  static keyOf(bytes: Uint8Array): string {
    return contentKey(bytes);
  }

  /** Stores the bytes unless an object of the same content is there already; answers their key. */
  async put(bytes: Uint8Array): Promise<string> {
    const key = ImageStore.keyOf(bytes);
    if (await this.has(key)) return key;
    // Two puts of the same bytes racing here both write the one name: the second replaces the first with the same
    // content, and the object store keeps one copy.
    await this.objects.putBlob({ name: key }, bytes);
    return key;
  }

  async has(key: string): Promise<boolean> {
    const info = await this.objects.info(key);
    return info !== null && !info.deleted;
  }

  /** The bytes under the key, checked against it; null when there are none. */
  async get(key: string): Promise<Uint8Array | null> {
    const bytes = await this.objects.getBlob(key);
    if (bytes === null) return null;
    if (ImageStore.keyOf(bytes) !== key) throw new Error(`media object ${key.slice(0, 16)}… does not hold the bytes it is named by`);
    return bytes;
  }

  /** Removes the object (once nothing refers to it: the caller's decision); false when there was none. */
  async delete(key: string): Promise<boolean> {
    if (!(await this.has(key))) return false;
    return this.objects.delete(key).then((answer) => answer.success);
  }

  /** A rendition kept under its name (`<key>/<size>.<format>`), with its pixel size in the object's metadata. */
  async putRendition(name: string, data: Uint8Array, size: { width: number; height: number }): Promise<void> {
    await this.objects.putBlob({ name, metadata: { width: String(size.width), height: String(size.height) } }, data);
  }

  /**
   * A kept rendition, its size, and its digest (SHA-256 hex): the object store's own, which the client checks the bytes
   * against as it reads them, so nothing is hashed or decoded again. Null when it was never made (or was collected).
   */
  async getRendition(name: string): Promise<{ data: Uint8Array; digest: string; width: number; height: number } | null> {
    const result = await this.objects.get(name);
    if (result === null) return null;
    const [error, data] = await Promise.all([result.error, readAll(result.data)]);
    if (error) throw error;
    const { digest, metadata } = result.info;
    return {
      data,
      digest: Buffer.from(digest.slice(digest.indexOf('=') + 1), 'base64url').toString('hex'),
      width: Number(metadata?.width ?? 0),
      height: Number(metadata?.height ?? 0),
    };
  }

  /** Removes the renditions named (those that exist) and then the bytes: what collecting a key does. */
  async deleteWithRenditions(key: string, renditionNames: readonly string[]): Promise<void> {
    for (const name of renditionNames) {
      const info = await this.objects.info(name);
      if (info !== null && !info.deleted) await this.objects.delete(name);
    }
    await this.delete(key);
  }

  /** How many distinct images are stored, and their bytes. */
  async usage(): Promise<{ objects: number; bytes: number }> {
    const live = (await this.objects.list()).filter((info) => !info.deleted);
    return { objects: live.length, bytes: live.reduce((sum, info) => sum + info.size, 0) };
  }
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  const reader = stream.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
  return Buffer.concat(chunks);
}
