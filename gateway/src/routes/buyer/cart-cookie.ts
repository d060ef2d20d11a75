import type { storefront } from '@commerce/contracts';

/**
 * The buyer's cart, kept in a cookie as `<variant id>-<quantity>` pairs joined by `.` (`9-2.11-1`):
 * the gateway keeps no cart of its own. What the cookie says is only the buyer's wish; prices and
 * stock are checked by the storefront (display) and by orders (checkout).
 */
export type Cart = storefront.CartLine[];

/** Lines a cart holds at most (orders takes 100 a checkout; a cookie stays well under 4 KB). */
export const MAX_CART_LINES = 50;
/** Units of one variant at most. */
export const MAX_LINE_QUANTITY = 999;
/** A positive id of at most 15 digits: below 2^53, so it survives every conversion exactly. */
const VARIANT_ID = /^[1-9]\d{0,14}$/;
const QUANTITY = /^[1-9]\d{0,2}$/;

/** The cart a cookie value holds; anything malformed (a bad pair, a repeat, too many lines) is an empty cart. */
export function parseCart(value: string | undefined): Cart {
  if (!value) return [];
  const pairs = value.split('.');
  if (pairs.length > MAX_CART_LINES) return [];
  const cart: Cart = [];
  const seen = new Set<string>();
  for (const pair of pairs) {
    const [id, quantity, extra] = pair.split('-');
    if (extra !== undefined || !VARIANT_ID.test(id) || quantity === undefined || !QUANTITY.test(quantity) || seen.has(id)) return [];
    seen.add(id);
    cart.push({ variant_id: Number(id), quantity: Number(quantity) });
  }
  return cart;
}

/** The cookie value of a cart (empty string for an empty cart). */
export const formatCart = (cart: Cart): string => cart.map((line) => `${line.variant_id}-${line.quantity}`).join('.');

export type CartAction = 'add' | 'set' | 'remove';

export interface CartChange {
  action: CartAction;
  variantId: number;
  /** add: units to add; set: the new quantity (0 removes); remove: ignored. */
  quantity: number;
}

/** Why a change cannot be made; the cart page says it and nothing changes. */
export type CartRefusal = 'cart_full';

/** The cart after a change: lines keep their order, a new one goes last, quantities are capped at MAX_LINE_QUANTITY. */
export function changeCart(cart: Cart, change: CartChange): Cart | CartRefusal {
  const index = cart.findIndex((line) => line.variant_id === change.variantId);
  const current = index === -1 ? 0 : cart[index].quantity;
  const wanted = change.action === 'remove' ? 0 : change.action === 'set' ? change.quantity : current + change.quantity;
  const quantity = Math.min(Math.max(wanted, 0), MAX_LINE_QUANTITY);
  if (quantity === 0) return cart.filter((line) => line.variant_id !== change.variantId);
  if (index !== -1) return cart.map((line, at) => (at === index ? { variant_id: line.variant_id, quantity } : line));
  if (cart.length >= MAX_CART_LINES) return 'cart_full';
  return [...cart, { variant_id: change.variantId, quantity }];
}

/** A form's cart change (`variant_id`, `quantity`, `action`), or a message saying what is wrong with it. */
export function cartChangeOf(params: Record<string, unknown>): CartChange | { error: string } {
  const action = params.action === undefined || params.action === '' ? 'add' : params.action;
  if (action !== 'add' && action !== 'set' && action !== 'remove') return { error: 'action must be add, set or remove' };
  const variantId = params.variant_id;
  if (typeof variantId !== 'string' || !VARIANT_ID.test(variantId.trim())) return { error: 'variant_id must be a positive whole number' };
  const rawQuantity =
    params.quantity === undefined || params.quantity === ''
      ? action === 'add'
        ? '1'
        : action === 'remove'
          ? '0'
          : undefined
      : params.quantity;
  if (typeof rawQuantity !== 'string' || !/^\d{1,4}$/.test(rawQuantity.trim()))
    return { error: `quantity must be a whole number from ${action === 'add' ? 1 : 0} to ${MAX_LINE_QUANTITY}` };
  const quantity = Number(rawQuantity.trim());
  if (quantity > MAX_LINE_QUANTITY || (action === 'add' && quantity === 0))
    return { error: `quantity must be a whole number from ${action === 'add' ? 1 : 0} to ${MAX_LINE_QUANTITY}` };
  return { action, variantId: Number(variantId.trim()), quantity };
}
