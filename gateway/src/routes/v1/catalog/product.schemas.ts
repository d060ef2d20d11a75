import { z } from 'zod';
import { looseString } from '../../../http/coerce';
import {
  clearableList,
  clearableText,
  optionalDecimalText,
  optionalFlag,
  optionalInt,
  optionalName,
  optionalText,
  photoUrls,
  requiredName,
  tagList,
} from './catalog.fields';

/** `cents` wins over `price` when both are sent: it is the exact one. Catalog reads the price (docs/catalog.md#price-input). */
const centsOrPrice = <T extends { cents?: number; price?: string }>({ price, ...rest }: T) => ({
  ...rest,
  price: rest.cents === undefined ? price : undefined,
});

/**
 * POST /v1/products (docs/catalog.md#product). Read-only and unknown fields (`id`, `sold`, `variants`...) are
 * stripped, never assigned. Output: the CreateProductRequest fields besides store_id. Shapes only:
 * the price's range, the status and position words and the photo rules are catalog's, which answers
 * them as field violations.
 */
export const createProductInput = z
  .object({
    name: requiredName(),
    cents: optionalInt(),
    price: optionalDecimalText(),
    description: optionalText(),
    // 0 (or absent) lets catalog pick the store's default group.
    shipping_group_id: optionalInt(0),
    status: optionalText(),
    photos: photoUrls().optional(),
    position: optionalText(),
    preorder: optionalFlag(),
    on_sale: optionalFlag(),
    marketplace_category_id: optionalInt(1),
    tag_list: tagList().optional(),
    shipping_notes: optionalText(),
    list_in_marketplace: optionalFlag(),
    // Absent: true.
    taxable: optionalFlag(),
  })
  .strip()
  // Runs even when other fields failed, so one answer names every missing field.
  .refine((input) => input.cents !== undefined || input.price !== undefined, {
    path: ['cents'],
    error: 'is required (or price as a decimal)',
    when: () => true,
  })
  .transform(centsOrPrice)
  .transform(({ photos, ...rest }) => ({ ...rest, photo_urls: photos }));

/** Text that clears the product's marketplace category: null, "" or 0 all render null afterwards. */
const clearableCategoryId = () => z.preprocess((value) => (value === null || value === '' ? 0 : value), optionalInt(0));

/**
 * PUT /v1/products/:id: the create fields, all optional; only those sent change. Lists go into the
 * proto's presence wrappers, where an empty list clears and an absent one leaves it alone.
 */
export const updateProductInput = z
  .object({
    name: optionalName(),
    cents: optionalInt(),
    price: optionalDecimalText(),
    description: clearableText(),
    shipping_group_id: optionalInt(1),
    // JSON null goes as "", which catalog refuses as it does any word that is not a status or position.
    status: clearableText(),
    photos: clearableList(photoUrls()),
    position: clearableText(),
    preorder: optionalFlag(),
    on_sale: optionalFlag(),
    marketplace_category_id: clearableCategoryId(),
    tag_list: clearableList(tagList()),
    shipping_notes: looseString().optional(),
    list_in_marketplace: optionalFlag(),
    taxable: optionalFlag(),
  })
  .strip()
  .transform(centsOrPrice)
  .transform(({ photos, tag_list, ...rest }) => ({
    ...rest,
    photos: photos === undefined ? undefined : { urls: photos },
    tag_list: tag_list === undefined ? undefined : { tags: tag_list },
  }));
