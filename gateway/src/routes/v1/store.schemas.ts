import { z } from 'zod';
import { looseBool, looseString } from '../../http/coerce';
import { CEILINGS } from '../../http/ceilings';

const text = () => looseString().optional();
const flag = () => looseBool().optional();

/** PUT /v1/store: every owner-changeable field of docs/api-conventions.md#store; the rest is ignored, never assigned. */
export const updateStoreInput = z
  .object({
    name: text(),
    description: text(),
    support_email: text(),
    return_address: text(),
    business_name: text(),
    business_type: text(),
    phone: text(),
    time_zone: text(),
    location: text(),
    storefront_open: flag(),
    list_in_marketplace: flag(),
    custom_domain: looseString()
      .nullable()
      .optional()
      .transform((value) => (value === null ? '' : value)),
    use_default_layout: flag(),
    css: looseString({ max: CEILINGS.documentChars }).optional(),
    layout: looseString({ max: CEILINGS.documentChars }).optional(),
    currency: text(),
    prices_include_tax: flag(),
  })
  .strip();
