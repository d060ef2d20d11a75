import type { catalog } from '@commerce/contracts';
import { DomainError, isNotFound, ruleBroken } from '@commerce/grpc-runtime';
import { putBackStock, shortLines, takeStock, type ShortLine, type StockLine, type StockRefusal } from '../domain/stock';
import { buyerCents } from '../domain/variant';
import type { ProductDocument, StockMark } from '../infra/product.repository';
import type { ReservationDocument } from '../infra/reservation.repository';
import type { CatalogDeps } from './catalog-deps';
import { writeProduct } from './product-writer';

/**
 * The stock moves of a reservation, one product document at a time. Each move writes the stock change,
 * the reservation's mark on that product and the variant/updated events in ONE update, so whether a
 * product's lines were taken or put back can always be read off the product itself: retries and the
 * crash sweep never take or return a unit twice.
 */

const markOf = (product: ProductDocument, reservation: ReservationDocument): StockMark | undefined =>
  product.stock_marks.find((mark) => mark.reservation_id === reservation.id);

const withMark = (product: ProductDocument, reservation: ReservationDocument, state: StockMark['state'] | undefined): StockMark[] => [
  ...product.stock_marks.filter((mark) => mark.reservation_id !== reservation.id),
  ...(state ? [{ reservation_id: reservation.id, state }] : []),
];

export function linesOn(reservation: ReservationDocument, productId: number): StockLine[] {
  return reservation.lines.filter((line) => line.product_id === productId).map(({ variant_id, quantity }) => ({ variant_id, quantity }));
}

export function refusalError(refusal: StockRefusal): DomainError {
  switch (refusal.reason) {
    case 'NOT_FOUND':
      return new DomainError('NOT_FOUND', 'variant not found', {
        metadata: { resource: 'variant', variant_id: String(refusal.variant_id) },
      });
    case 'NOT_PURCHASABLE':
      return ruleBroken('NOT_PURCHASABLE', `Variant ${refusal.variant_id} cannot be bought: its product is not active`, {
        variant_id: String(refusal.variant_id),
        product_id: String(refusal.product_id),
      });
    case 'INSUFFICIENT_STOCK':
      return insufficientStock([refusal, ...(refusal.also_short ?? [])]);
  }
}

/**
 * INSUFFICIENT_STOCK naming every short line (at least one): `short_variants` lists them all (JSON); `variant_id`,
 * `requested` and `in_stock` name the first, as they did when only one was reported.
 */
export function insufficientStock(short: ShortLine[]): DomainError {
  const first = short[0]!;
  const described = short
    .map((line) => `only ${line.in_stock} of variant ${line.variant_id} in stock, ${line.requested} requested`)
    .join('; ');
  return ruleBroken('INSUFFICIENT_STOCK', described.charAt(0).toUpperCase() + described.slice(1), {
    variant_id: String(first.variant_id),
    requested: String(first.requested),
    in_stock: String(first.in_stock),
    short_variants: JSON.stringify(short.map(({ variant_id, requested, in_stock }) => ({ variant_id, requested, in_stock }))),
  });
}

/**
 * A product's lines refused: the error to answer, with the refusal it came from (ReserveStock adds the short lines of
 * the products it did not reach).
 */
export class StockRefused extends DomainError {
  readonly refusal: StockRefusal;

  constructor(refusal: StockRefusal) {
    const { reason, message, metadata, errorInfoReason } = refusalError(refusal);
    super(reason, message, { ...(metadata ? { metadata } : {}), ...(errorInfoReason ? { errorInfoReason } : {}) });
    this.refusal = refusal;
  }
}

/**
 * The refusal of a whole reservation for want of stock: the refused product's short lines and, read against their
 * current stock (nothing taken), those of the products the reservation did not reach; in the order of the request.
 */
export async function everyShortLine(
  deps: Pick<CatalogDeps, 'products'>,
  reservation: ReservationDocument,
  refusal: Extract<StockRefusal, { reason: 'INSUFFICIENT_STOCK' }>,
  unreachedProductIds: number[],
): Promise<DomainError> {
  const short: ShortLine[] = [refusal, ...(refusal.also_short ?? [])];
  for (const productId of unreachedProductIds) {
    const product = await deps.products.findOne(reservation.store_id, productId);
    if (product) short.push(...shortLines(product, linesOn(reservation, productId)));
  }
  const position = new Map(reservation.lines.map((line, index) => [line.variant_id, index]));
  short.sort((a, b) => position.get(a.variant_id)! - position.get(b.variant_id)!);
  return insufficientStock(short);
}

/** Takes the reservation's lines on one product (all or none of them); a product already marked is left as it is. */
export async function takeFromProduct(
  deps: Pick<CatalogDeps, 'products' | 'collections' | 'clock' | 'queue' | 'mediaOrigin'>,
  reservation: ReservationDocument,
  productId: number,
  context: catalog.StoreContext,
): Promise<ProductDocument> {
  const { product } = await writeProduct(
    deps,
    reservation.store_id,
    productId,
    context,
    (current) => {
      if (markOf(current, reservation)) return null;
      const taken = takeStock(current, linesOn(reservation, productId));
      if ('refusal' in taken) throw new StockRefused(taken.refusal);
      return { next: { ...current, ...taken.product, stock_marks: withMark(current, reservation, 'held') }, topic: null };
    },
    { includeDeleted: true },
  );
  return product;
}

/**
 * Puts one product's lines back once. `takenIfUnmarked` says what an unmarked product means: taken
 * (a settled reservation whose marks were cleared) or never taken (a reservation still pending).
 * `keepMark` leaves a 'released' mark so a late retry of the reservation cannot take again.
 */
export async function putBackOnProduct(
  deps: Pick<CatalogDeps, 'products' | 'collections' | 'clock' | 'queue' | 'mediaOrigin'>,
  reservation: ReservationDocument,
  productId: number,
  context: catalog.StoreContext,
  options: { takenIfUnmarked: boolean; keepMark: boolean },
): Promise<void> {
  await writeProduct(
    deps,
    reservation.store_id,
    productId,
    context,
    (current) => {
      const mark = markOf(current, reservation);
      if (mark?.state === 'released') return null;
      const taken = mark?.state === 'held' || (!mark && options.takenIfUnmarked);
      const marks = withMark(current, reservation, options.keepMark ? 'released' : undefined);
      if (!taken && !options.keepMark) return null;
      const restored = taken ? putBackStock(current, linesOn(reservation, productId)) : current;
      return { next: { ...current, ...restored, stock_marks: marks }, topic: null };
    },
    { includeDeleted: true },
  ).catch((error: unknown) => {
    // A product that no longer exists at all has nothing to give back.
    if (!isNotFound(error)) throw error;
  });
}

/** Each line priced as the buyer pays it now, in the order of the request. */
export function reservedLines(
  reservation: Pick<ReservationDocument, 'lines'>,
  products: Map<number, ProductDocument>,
  collectionIds: Map<number, number[]>,
): catalog.ReservedLine[] {
  return reservation.lines.map((line) => {
    const product = products.get(line.product_id)!;
    const variant = product.variants.find((candidate) => candidate.id === line.variant_id)!;
    return {
      variant_id: variant.id,
      product_id: product.id,
      product_name: product.name,
      variant_name: variant.name,
      sku: variant.sku === '' ? undefined : variant.sku,
      quantity: line.quantity,
      unit_cents: buyerCents(variant, product.cents),
      shipping_group_id: product.shipping_group_id,
      // A product stored before `taxable` existed has none and is taxable (its default).
      taxable: product.taxable !== false,
      collection_ids: collectionIds.get(product.id) ?? [],
    };
  });
}

/** Once a reservation settled, its marks have served their purpose. */
export async function clearMarks(deps: Pick<CatalogDeps, 'products' | 'reservations'>, reservation: ReservationDocument): Promise<void> {
  for (const productId of reservation.product_ids) await deps.products.clearStockMark(reservation.store_id, productId, reservation.id);
  await deps.reservations.marksCleared(reservation);
}
