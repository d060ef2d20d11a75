import type { Request, Router } from 'express';
import { z } from 'zod';
import { photoJson, presentPhoto } from '@commerce/api-presenters';
import type { catalog } from '@commerce/contracts';
import type { CallOptions } from '@commerce/grpc-runtime';
import type { BackendClients } from '../../../clients';
import { ApiError } from '../../../errors';
import { isRemoteError } from '../../../errors/remote-error';
import { ok } from '../../../http/envelope';
import { mediaOriginFor, type PaginationOptions } from '../../../http/pagination';
import { isUploadBody, readUpload } from '../../../http/upload';
import { dataAnswer, listAnswer } from '../../../openapi/answers';
import { operation } from '../../../openapi/operation';
import { pathId } from '../../path-id';
import { recordOf } from './catalog-answer';

/** A product holds at most this many photos (catalog.proto, AddPhoto). */
const MAX_PHOTOS = 5;
/** The largest image taken (docs/media.md; media refuses more too). */
export const MAX_PHOTO_BYTES = 25 * 1024 * 1024;
/** Storing runs sharp over up to 25 MB and 50 megapixels: more time than a record write's deadline. */
const STORE_IMAGE_DEADLINE_MS = 60_000;

const PHOTOS_PATH = /^\/products\/[^/]+\/photos$/;

/** A photo upload, whose body the route streams (requestParams leaves it unread). */
export const isPhotoUpload = (req: Request): boolean => req.method === 'POST' && PHOTOS_PATH.test(req.path) && isUploadBody(req);

const photoAnswer = dataAnswer(z.strictObject({ photo: photoJson }));
const positionInput = z
  .object({
    position: z.coerce
      .number()
      .int('must be a positive integer')
      .min(1, 'must be a positive integer')
      .max(2_147_483_647, 'must be a positive integer')
      .meta({ description: '1 = first; past the end = last' }),
  })
  .strip();

/** The upload's body in the OpenAPI document: a multipart file (any part name) or the raw image. */
const UPLOAD_BODY = {
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        required: ['photo'],
        properties: {
          photo: {
            type: 'string',
            format: 'binary',
            description: 'The image (JPEG, PNG, WebP, AVIF or GIF), at most 25 MB; the first file part is taken whatever its name',
          },
          position: { type: 'integer', minimum: 1, description: '1 = first; absent or past the end = last' },
        },
      },
    },
    'image/*': { schema: { type: 'string', format: 'binary' } },
    'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
  },
};

/**
 * A product's photos (docs/catalog.md#photos): an upload is stored by media, then added to the product by catalog;
 * a photo removed, or a product deleted, releases its image in media.
 */
export function photoRoutes(router: Router, clients: BackendClients, pagination: PaginationOptions): void {
  const mediaOrigin = (req: Request) => mediaOriginFor(req, pagination.publicUrl);

  router.get(
    '/products/:id/photos',
    operation(
      {
        summary: "A product's photos",
        description: 'In their order: the first is the main one.',
        tag: 'Products',
        auth: 'store',
        answer: listAnswer('photos', z.strictObject({ photo: photoJson })),
      },
      async (req, res, { storeId, call }) => {
        const product = await productOf(clients, storeId, pathId(req, 'Product'), call);
        const origin = mediaOrigin(req);
        ok(res, { photos: product.photos.map((photo) => ({ photo: presentPhoto(photo, origin) })) });
      },
    ),
  );

  router.post(
    '/products/:id/photos',
    operation(
      {
        summary: 'Upload a photo',
        description:
          'The image as `multipart/form-data` (the first file part, and an optional `position` field) or as the body ' +
          'with an image Content-Type (`position` then in the query). JPEG, PNG, WebP, AVIF or GIF, read from the bytes; ' +
          'at most 25 MB and 50 megapixels; a product holds at most 5 photos. With `Idempotency-Key`, a retry answers ' +
          "the first upload's photo again (the key names the upload: its bytes are not compared).",
        tag: 'Products',
        auth: 'store',
        answer: photoAnswer,
        requestBody: UPLOAD_BODY,
        errors: [409, 413, 422],
      },
      async (req, res, { storeId, call }) => {
        const productId = pathId(req, 'Product');
        const product = await productOf(clients, storeId, productId, call);
        if (product.photos.length >= MAX_PHOTOS) throw photoLimit();
        const upload = await readUpload(req, { maxBytes: MAX_PHOTO_BYTES, field: 'photo' });
        const position = positionOf(upload.fields.position ?? queryPosition(req));
        const { image } = await clients.media
          .storeImage({ store_id: storeId, data: upload.data }, { ...call, deadlineMs: STORE_IMAGE_DEADLINE_MS })
          .catch(namedAsPhoto);
        const stored = recordOf(image, 'image');
        const request = {
          store_id: storeId,
          product_id: productId,
          image_id: stored.id,
          media_key: stored.key,
          width: stored.width,
          height: stored.height,
          position,
        };
        const added = await clients.catalog.addPhoto(request, call).catch((error: unknown) => {
          // Nothing half-written: the image no photo refers to is released (media's sweep collects it otherwise).
          releaseImages(clients, storeId, [stored.id], call);
          throw error;
        });
        ok(res, { photo: presentPhoto(recordOf(added.photo, 'photo'), mediaOrigin(req)) });
      },
    ),
  );

  router.get(
    '/products/:id/photos/:photo_id',
    operation(
      {
        summary: 'Get a photo',
        description: 'One photo of the product, with its 13 sizes.',
        tag: 'Products',
        auth: 'store',
        answer: photoAnswer,
      },
      async (req, res, { storeId, call }) => {
        const productId = pathId(req, 'Product');
        const photoId = pathId(req, 'Photo', 'photo_id');
        const photo = (await productOf(clients, storeId, productId, call)).photos.find((each) => each.id === photoId);
        if (!photo) throw new ApiError(404, 'Photo not found');
        ok(res, { photo: presentPhoto(photo, mediaOrigin(req)) });
      },
    ),
  );

  router.put(
    '/products/:id/photos/:photo_id',
    operation(
      {
        summary: 'Move a photo',
        description: '`position` 1 makes it the first (main) photo; past the end, the last.',
        tag: 'Products',
        auth: 'store',
        input: positionInput,
        answer: photoAnswer,
      },
      async (req, res, { storeId, call, input }) => {
        const productId = pathId(req, 'Product');
        const photoId = pathId(req, 'Photo', 'photo_id');
        const { position } = input();
        const answer = await clients.catalog.updatePhoto({ store_id: storeId, product_id: productId, photo_id: photoId, position }, call);
        ok(res, { photo: presentPhoto(recordOf(answer.photo, 'photo'), mediaOrigin(req)) });
      },
    ),
  );

  router.delete(
    '/products/:id/photos/:photo_id',
    operation(
      {
        summary: 'Delete a photo',
        description: 'Answers the deleted photo; its image is released.',
        tag: 'Products',
        auth: 'store',
        answer: photoAnswer,
      },
      async (req, res, { storeId, call }) => {
        const productId = pathId(req, 'Product');
        const photoId = pathId(req, 'Photo', 'photo_id');
        const answer = await clients.catalog.deletePhoto({ store_id: storeId, product_id: productId, photo_id: photoId }, call);
        const photo = recordOf(answer.photo, 'photo');
        releasePhotoImages(clients, storeId, [photo], call);
        ok(res, { photo: presentPhoto(photo, mediaOrigin(req)) });
      },
    ),
  );
}

/**
 * Releases the images of photos removed (a photo deleted, a product deleted), without waiting and best effort: an
 * image a failed release leaves behind is one no photo refers to, which media's sweep collects
 * (docs/media.md).
 */
export function releasePhotoImages(clients: BackendClients, storeId: number, photos: readonly catalog.Photo[], call: CallOptions): void {
  const imageIds = photos.map((photo) => photo.image_id).filter((id) => id > 0);
  if (imageIds.length > 0) releaseImages(clients, storeId, imageIds, call);
}

function releaseImages(clients: BackendClients, storeId: number, imageIds: number[], call: CallOptions): void {
  clients.media.releaseImages({ store_id: storeId, image_ids: imageIds }, call).catch(() => undefined);
}

async function productOf(clients: BackendClients, storeId: number, productId: number, call: CallOptions): Promise<catalog.Product> {
  return recordOf((await clients.catalog.getProduct({ store_id: storeId, product_id: productId }, call)).product, 'product');
}

const photoLimit = () => new ApiError(409, `A product holds at most ${MAX_PHOTOS} photos; delete one first`, { errorType: 'PhotoLimit' });

function queryPosition(req: Request): string | undefined {
  const value = new URLSearchParams(req.originalUrl.split('?')[1] ?? '').get('position');
  return value ?? undefined;
}

/** The optional position of an upload: absent is last (0 for catalog); anything but a positive integer is a 422. */
function positionOf(text: string | undefined): number {
  if (text === undefined || text === '') return 0;
  const parsed = positionInput.shape.position.safeParse(text);
  if (!parsed.success)
    throw new ApiError(422, 'Validation failed: position must be a positive integer', {
      fieldErrors: { position: ['must be a positive integer'] },
    });
  return parsed.data;
}

/** Media names the bytes `file`; the API's input is `photo`. */
function namedAsPhoto(error: unknown): never {
  if (isRemoteError(error) && error.fieldViolations && Object.hasOwn(error.fieldViolations, 'file')) {
    const { file, ...others } = error.fieldViolations;
    error.fieldViolations = { ...others, photo: file! };
    error.message = error.message.replace(/\bfile\b/g, 'photo');
  }
  throw error;
}
