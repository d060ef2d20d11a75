import type { catalog } from '@commerce/contracts';
import { validationFailed } from '@commerce/grpc-runtime';
import { DEFAULT_VARIANT_NAME, newProductRecord, rankFor } from '../domain/product';
import { newVariantRecord } from '../domain/variant';
import { newPhotoUrls, photosForUrls, type PhotoRecord } from '../domain/photos';
import {
  hasViolations,
  newProductInput,
  normalizePhotoUrls,
  normalizePlacement,
  productFieldViolations,
  type RawProductFields,
} from '../domain/product-input';
import type { CatalogDeps } from './catalog-deps';
import { readDecimalPrice } from './decimal-price';
import { requireRenderableSize, stampProductChange } from './catalog-events';
import type { WrittenProduct } from './product-writer';
import type { HeldGroup } from './shipping-groups';
import { newUrlPhotos } from './url-photos';
import { showImagesReadyMeanwhile } from './media-image-events';

/**
 * Creates a product with its "Default" variant, in the store's default shipping group unless one is
 * named. The variant's id→product reference is written first: a crash before the product leaves only
 * a reference nobody reaches. The group is held from before the product is written until after, so
 * shipping cannot delete it in between (app/shipping-groups.ts). Photos given by URL are registered with media first
 * (app/url-photos.ts).
 */
export async function createProduct(
  deps: Pick<
    CatalogDeps,
    | 'products'
    | 'collections'
    | 'variantRefs'
    | 'storeContexts'
    | 'shippingGroups'
    | 'nextId'
    | 'clock'
    | 'queue'
    | 'media'
    | 'mediaOrigin'
    | 'readyImages'
    | 'logger'
  >,
  storeId: number,
  request: catalog.CreateProductRequest,
): Promise<WrittenProduct> {
  const price = await readDecimalPrice(deps, storeId, 'price', request.price);
  const fields = fieldsOf(request, price.cents);
  const violations = { ...productFieldViolations(fields, { name: true }), ...price.violations };
  if (hasViolations(violations)) throw validationFailed(violations);
  const photoUrls = normalizePhotoUrls(request.photo_urls) ?? [];
  newPhotoUrls([], photoUrls);

  // Independent reads and the two ids at once: each read made while a write group is open waits for its commit,
  // so one after another they cost a commit each under load (an id drawn for a refused request is just a gap).
  const placement = normalizePlacement(request.position || 'bottom')!;
  const [context, picked, bound, id, defaultVariantId, urlPhotos] = await allInOrder([
    price.context ? Promise.resolve(price.context) : deps.storeContexts.of(storeId),
    deps.shippingGroups.forNewProduct(storeId, request.shipping_group_id),
    deps.products.rankBound(storeId, placement),
    deps.nextId('products'),
    deps.nextId('variants'),
    newUrlPhotos(deps, storeId, photoUrls),
  ]);
  const photos = photosForUrls([], photoUrls, urlPhotos)!;
  const position = rankFor(placement, bound);
  await deps.variantRefs.add(storeId, defaultVariantId, id);
  const shippingGroup = await deps.shippingGroups.holdForNewProduct(storeId, request.shipping_group_id, picked, id);
  let written: WrittenProduct & { context: catalog.StoreContext };
  try {
    written = await insertProduct(deps, fields, { id, storeId, defaultVariantId, shippingGroup, position, context, photos });
  } finally {
    await shippingGroup.release();
  }
  return showImagesReadyMeanwhile(deps, storeId, written);
}

async function insertProduct(
  deps: Pick<CatalogDeps, 'products' | 'clock' | 'mediaOrigin'>,
  fields: RawProductFields,
  at: {
    id: number;
    storeId: number;
    defaultVariantId: number;
    shippingGroup: HeldGroup;
    position: number;
    context: catalog.StoreContext;
    photos: PhotoRecord[];
  },
): Promise<WrittenProduct & { context: catalog.StoreContext }> {
  const now = deps.clock();
  const input = newProductInput(fields);
  const { id, storeId, defaultVariantId, shippingGroup, position, context, photos } = at;
  const record = newProductRecord(input, {
    id,
    storeId,
    defaultVariant: newVariantRecord(defaultVariantId, { name: DEFAULT_VARIANT_NAME, full_quantity: 0 }, now),
    shippingGroup: { id: shippingGroup.id, name: shippingGroup.name },
    position,
    photos,
    now,
  });
  const render = { context, collectionIds: [], now, mediaOrigin: deps.mediaOrigin };
  const { after, events } = stampProductChange(null, record, 'product/created', render);
  requireRenderableSize(events);
  shippingGroup.assertHeld();
  return { product: await deps.products.insert(after, events), collectionIds: [], context };
}

/**
 * The request's fields as the product's schema names them (productFields): an empty status or position means the
 * default; the cents a decimal `price` named, when the client sent one (the gateway sends it only without `cents`).
 */
function fieldsOf(request: catalog.CreateProductRequest, priceCents: number | undefined): RawProductFields {
  return { ...request, cents: priceCents ?? request.cents, status: request.status || undefined, position: request.position || undefined };
}

/**
 * Like Promise.all, but when several fail it throws the failure of the earliest in the list, not the first in time:
 * an unknown store answers 404 before a shipping group is judged, however the reads race.
 */
async function allInOrder<T extends readonly unknown[]>(promises: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(promises);
  for (const outcome of settled) if (outcome.status === 'rejected') throw outcome.reason;
  return settled.map((outcome) => (outcome as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
