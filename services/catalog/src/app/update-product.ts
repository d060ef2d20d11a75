import type { catalog } from '@commerce/contracts';
import { conflict, validationFailed } from '@commerce/grpc-runtime';
import { newPhotoUrls, photosForUrls, samePhotos } from '../domain/photos';
import { rankFor } from '../domain/product';
import {
  applyProductChanges,
  hasViolations,
  normalizePhotoUrls,
  normalizePlacement,
  normalizeProductChanges,
  productFieldViolations,
} from '../domain/product-input';
import type { CatalogDeps } from './catalog-deps';
import { readDecimalPrice } from './decimal-price';
import { findLiveProduct } from './get-product';
import type { ProductDocument } from '../infra/product.repository';
import { writeProduct, type ProductChange, type WrittenProduct } from './product-writer';
import { newUrlPhotos } from './url-photos';
import { showImagesReadyMeanwhile } from './media-image-events';

/**
 * Applies the fields present; publishes product/updated (and variant/updated for variants whose price follows a
 * new cents). A new shipping group is held until the product is written, so shipping cannot delete it in between.
 * `photos` replaces the list: a URL of a current photo keeps it, the other URLs make new photos (app/url-photos.ts).
 */
export async function updateProduct(
  deps: Pick<
    CatalogDeps,
    | 'products'
    | 'collections'
    | 'storeContexts'
    | 'shippingGroups'
    | 'clock'
    | 'queue'
    | 'mediaOrigin'
    | 'media'
    | 'nextId'
    | 'readyImages'
    | 'logger'
  >,
  storeId: number,
  request: catalog.UpdateProductRequest,
): Promise<WrittenProduct> {
  // Exact `cents` win over a decimal `price` (the gateway sends the price only without them).
  const price = await readDecimalPrice(deps, storeId, 'price', request.price, request.cents);
  // The fields as the product's schema names them (productFields): the lists come out of their presence wrappers.
  const fields = { ...request, cents: request.cents ?? price.cents, photo_urls: request.photos?.urls, tag_list: request.tag_list?.tags };
  const violations = { ...productFieldViolations(fields, { name: false }), ...price.violations };
  if (request.shipping_group_id === 0) (violations.shipping_group_id ??= []).push('must be a shipping group id');
  if (hasViolations(violations)) throw validationFailed(violations);

  const current = await findLiveProduct(deps, storeId, request.product_id);
  const context = price.context ?? (await deps.storeContexts.of(storeId));
  const placement = request.position === undefined ? undefined : normalizePlacement(request.position)!;
  const rank = placement ? rankFor(placement, await deps.products.rankBound(storeId, placement)) : undefined;
  const changes = normalizeProductChanges(fields);
  const photoUrls = normalizePhotoUrls(request.photos?.urls);
  const urlPhotos = photoUrls ? await newUrlPhotos(deps, storeId, newPhotoUrls(current.photos, photoUrls)) : undefined;
  const group =
    request.shipping_group_id !== undefined && request.shipping_group_id !== current.shipping_group_id
      ? await deps.shippingGroups.hold(storeId, request.shipping_group_id, request.product_id)
      : undefined;

  const change = (product: ProductDocument): ProductChange => {
    let next = applyProductChanges(product, changes) ?? product;
    if (photoUrls) {
      const photos = photosForUrls(product.photos, photoUrls, urlPhotos!);
      if (!photos) throw conflict("The product's photos changed meanwhile; try again");
      if (!samePhotos(product.photos, photos)) next = { ...next, photos };
    }
    if (group) {
      group.assertHeld();
      next = { ...next, shipping_group_id: group.id, shipping_group_name: group.name };
    }
    // Already first (or last) stays where it is rather than drifting one rank per request.
    if (rank !== undefined && !alreadyPlaced(product.position, placement!, rank)) next = { ...next, position: rank };
    return next === product ? null : { next: { ...product, ...next }, topic: 'product/updated' };
  };
  let written: WrittenProduct;
  try {
    written = await writeProduct(deps, storeId, request.product_id, context, change, { withinSizeBudget: true });
  } finally {
    await group?.release();
  }
  return urlPhotos ? showImagesReadyMeanwhile(deps, storeId, { ...written, context }) : written;
}

function alreadyPlaced(current: number, placement: 'top' | 'bottom', rank: number): boolean {
  return placement === 'top' ? current === rank + 1 : current === rank - 1;
}
