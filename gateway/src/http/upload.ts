import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import { ApiError } from '../errors/api-error';

/** What an upload carried: the image's bytes and the form fields sent beside it (multipart only). */
export interface Upload {
  data: Buffer;
  fields: Record<string, string>;
}

export interface UploadOptions {
  /** Most bytes of image taken; more is a 413, answered while the body streams (never buffered past it). */
  maxBytes: number;
  /** The field the 422s name (`photo`). */
  field: string;
}

/** Multipart framing and a few small fields around the file: what a Content-Length may carry beyond the image. */
const MULTIPART_SLACK_BYTES = 64 * 1024;

/** The media types a raw (non-multipart) upload may be sent with: the format itself is read from the bytes downstream. */
export function isRawImageType(mediaType: string): boolean {
  return mediaType.startsWith('image/') || mediaType === 'application/octet-stream';
}

export function mediaTypeOf(req: IncomingMessage): string {
  const header = req.headers['content-type'];
  if (!header) return '';
  const end = header.indexOf(';');
  return (end === -1 ? header : header.slice(0, end)).trim().toLowerCase();
}

/** True when the body is an upload the route streams itself (requestParams leaves such a body unread). */
export function isUploadBody(req: IncomingMessage): boolean {
  const mediaType = mediaTypeOf(req);
  return mediaType === 'multipart/form-data' || isRawImageType(mediaType);
}

/**
 * Reads an uploaded image: `multipart/form-data` (what `curl -F` and browsers send; the first file part whatever
 * its name, and the text fields) or a raw body with an image content type. A body past `maxBytes` of image is a 413
 * as soon as that many bytes arrived; no file is a 422 on `field`. What is left of a refused body is drained by
 * node's server after the answer, so the client reads the answer instead of a reset connection.
 */
export function readUpload(req: IncomingMessage, options: UploadOptions): Promise<Upload> {
  const tooLarge = () => new ApiError(413, `The image is larger than ${options.maxBytes / (1024 * 1024)} MB`);
  const mediaType = mediaTypeOf(req);
  const declared = Number(req.headers['content-length']);
  const slack = mediaType === 'multipart/form-data' ? MULTIPART_SLACK_BYTES : 0;
  if (Number.isFinite(declared) && declared > options.maxBytes + slack) return Promise.reject(tooLarge());
  if (mediaType === 'multipart/form-data') return readMultipart(req, options, tooLarge);
  if (isRawImageType(mediaType)) return readRaw(req, options, tooLarge);
  return Promise.reject(missingImage(options.field));
}

const missingImage = (field: string) =>
  new ApiError(422, `Validation failed: ${field} is required`, {
    fieldErrors: { [field]: ['is required: send the image as a multipart/form-data file or as the body with an image Content-Type'] },
  });

function readRaw(req: IncomingMessage, options: UploadOptions, tooLarge: () => ApiError): Promise<Upload> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > options.maxBytes) {
        stop();
        chunks.length = 0;
        req.resume(); // discard the rest
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      if (received === 0) reject(missingImage(options.field));
      else resolve({ data: Buffer.concat(chunks, received), fields: {} });
    };
    const onError = () => {
      stop();
      reject(new ApiError(400, 'Could not read the request body'));
    };
    const stop = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

function readMultipart(req: IncomingMessage, options: UploadOptions, tooLarge: () => ApiError): Promise<Upload> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { fileSize: options.maxBytes, files: 5, fields: 20, fieldSize: 1024, parts: 25 },
      });
    } catch {
      // No boundary, or one busboy cannot read.
      reject(new ApiError(400, 'Could not read the multipart body (its Content-Type names no boundary)'));
      return;
    }
    const fields = Object.create(null) as Record<string, string>;
    const chunks: Buffer[] = [];
    let received = 0;
    let gotFile = false;
    let settled = false;
    const fail = (error: ApiError) => {
      if (settled) return;
      settled = true;
      chunks.length = 0;
      req.unpipe(parser);
      req.resume(); // discard the rest
      reject(error);
    };
    parser.on('file', (_name, stream) => {
      if (gotFile || settled) {
        stream.resume(); // only the first file is the photo
        return;
      }
      gotFile = true;
      stream.on('data', (chunk: Buffer) => {
        received += chunk.length;
        chunks.push(chunk);
      });
      stream.on('limit', () => fail(tooLarge()));
    });
    parser.on('field', (name, value) => {
      if (!Object.hasOwn(fields, name)) fields[name] = value;
    });
    parser.on('error', () => fail(new ApiError(400, 'Could not read the multipart body')));
    parser.on('close', () => {
      if (settled) return;
      settled = true;
      if (!gotFile || received === 0) reject(missingImage(options.field));
      else resolve({ data: Buffer.concat(chunks, received), fields });
    });
    req.on('error', () => fail(new ApiError(400, 'Could not read the request body')));
    req.pipe(parser);
  });
}
