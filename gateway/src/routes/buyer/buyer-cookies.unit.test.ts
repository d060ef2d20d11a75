// The buyer site's cookies, CSRF check and confirmation tokens, as plain functions (visitor ids: visitor.unit.test.ts).
import { changeCart, cartChangeOf, formatCart, MAX_CART_LINES, parseCart } from './cart-cookie';
import { csrfMatches, newCsrfToken } from './buyer-csrf';
import { readCookie } from './cookies';
import { OrderTokens } from './order-token';
import { typedFields } from './checkout-form.routes';

describe('readCookie', () => {
  it('finds a cookie among others, the first of two with one name (the longest Path comes first)', () => {
    expect(readCookie('a=1; sc_cart=9-2; b=3', 'sc_cart')).toBe('9-2');
    expect(readCookie('sc_cart=5-1;sc_cart=9-2', 'sc_cart')).toBe('5-1');
    expect(readCookie('sc_cart="9-2"', 'sc_cart')).toBe('9-2');
  });

  it('answers nothing for an absent cookie, a name that only ends alike, or a header past 8 KB', () => {
    expect(readCookie(undefined, 'sc_cart')).toBeUndefined();
    expect(readCookie('xsc_cart=1; sc_cartx=2', 'sc_cart')).toBeUndefined();
    expect(readCookie(`pad=${'x'.repeat(9_000)}; sc_cart=9-2`, 'sc_cart')).toBeUndefined();
  });
});

describe('the cart cookie', () => {
  it('reads and writes variant-quantity pairs', () => {
    expect(parseCart('9-2.11-1')).toEqual([
      { variant_id: 9, quantity: 2 },
      { variant_id: 11, quantity: 1 },
    ]);
    expect(
      formatCart([
        { variant_id: 9, quantity: 2 },
        { variant_id: 11, quantity: 1 },
      ]),
    ).toBe('9-2.11-1');
    expect(parseCart('')).toEqual([]);
  });

  it.each([
    ['a letter', '9-2.x-1'],
    ['a zero quantity', '9-0'],
    ['a quantity over 999', '9-1000'],
    ['a negative id', '-9-1'],
    ['an id past 15 digits', '1234567890123456-1'],
    ['a repeated variant', '9-1.9-2'],
    ['a third part', '9-1-1'],
    ['a script', '<script>-1'],
    ['too many lines', Array.from({ length: MAX_CART_LINES + 1 }, (_, index) => `${index + 1}-1`).join('.')],
  ])('is an empty cart when tampered with: %s', (_what, value) => {
    expect(parseCart(value)).toEqual([]);
  });

  it('adds to a line, sets and removes it, keeping the order of the others', () => {
    const cart = parseCart('9-2.11-1');
    expect(changeCart(cart, { action: 'add', variantId: 9, quantity: 3 })).toEqual(parseCart('9-5.11-1'));
    expect(changeCart(cart, { action: 'add', variantId: 12, quantity: 1 })).toEqual(parseCart('9-2.11-1.12-1'));
    expect(changeCart(cart, { action: 'set', variantId: 11, quantity: 4 })).toEqual(parseCart('9-2.11-4'));
    expect(changeCart(cart, { action: 'set', variantId: 9, quantity: 0 })).toEqual(parseCart('11-1'));
    expect(changeCart(cart, { action: 'remove', variantId: 11, quantity: 0 })).toEqual(parseCart('9-2'));
    expect(changeCart(cart, { action: 'add', variantId: 9, quantity: 998 })).toEqual(parseCart('9-999.11-1'));
  });

  it('refuses a new line in a full cart, but still changes the lines it has', () => {
    const full = parseCart(Array.from({ length: MAX_CART_LINES }, (_, index) => `${index + 1}-1`).join('.'));
    expect(changeCart(full, { action: 'add', variantId: 1_000, quantity: 1 })).toBe('cart_full');
    expect(changeCart(full, { action: 'add', variantId: 1, quantity: 1 })).not.toBe('cart_full');
  });

  it('reads a cart form, refusing what is not one', () => {
    expect(cartChangeOf({ variant_id: '9', quantity: '2', action: 'add' })).toEqual({ action: 'add', variantId: 9, quantity: 2 });
    expect(cartChangeOf({ variant_id: '9' })).toEqual({ action: 'add', variantId: 9, quantity: 1 });
    expect(cartChangeOf({ variant_id: '9', action: 'remove' })).toEqual({ action: 'remove', variantId: 9, quantity: 0 });
    expect(cartChangeOf({ variant_id: '9', quantity: '0', action: 'set' })).toEqual({ action: 'set', variantId: 9, quantity: 0 });
    for (const bad of [
      { variant_id: 'x' },
      { variant_id: '0' },
      { variant_id: ['9', '10'] },
      { variant_id: '9', quantity: '0' },
      { variant_id: '9', quantity: '-1' },
      { variant_id: '9', quantity: '1000' },
      { variant_id: '9', quantity: '1.5' },
      { variant_id: '9', action: 'steal' },
      { variant_id: '9', action: 'set' },
    ]) {
      expect(cartChangeOf(bad)).toEqual({ error: expect.any(String) });
    }
  });
});

describe('the CSRF token (double submit)', () => {
  const token = newCsrfToken();

  it('takes the form token only when it equals a well-formed cookie token', () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(csrfMatches(token, token)).toBe(true);
    expect(csrfMatches(token, newCsrfToken())).toBe(false);
    expect(csrfMatches(token, `${token}x`)).toBe(false);
    expect(csrfMatches(token, undefined)).toBe(false);
    expect(csrfMatches(token, [token])).toBe(false);
    expect(csrfMatches(undefined, token)).toBe(false);
    expect(csrfMatches('', '')).toBe(false);
    expect(csrfMatches('short', 'short')).toBe(false);
  });
});

describe('confirmation tokens', () => {
  const tokens = new OrderTokens(Buffer.alloc(32, 7));

  it('name the order for the store they were made for, and nothing else', () => {
    const token = tokens.tokenOf(7, 31);
    expect(token).toMatch(/^31\.[A-Za-z0-9_-]{22}$/);
    expect(tokens.orderIdOf(7, token)).toBe(31);
    expect(tokens.orderIdOf(8, token)).toBe(0);
    expect(tokens.orderIdOf(7, token.replace(/^31/, '32'))).toBe(0);
    expect(new OrderTokens(Buffer.alloc(32, 8)).orderIdOf(7, token)).toBe(0);
  });

  it('refuse a changed mac, another spelling of it, and anything not shaped like a token', () => {
    const token = tokens.tokenOf(7, 31);
    // The last of 22 characters carries 4 spare bits: flipping one decodes to the same 16 bytes.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sameBytes = token.slice(0, -1) + alphabet[alphabet.indexOf(token.at(-1)!) ^ 1];
    expect(Buffer.from(sameBytes.split('.')[1], 'base64url')).toEqual(Buffer.from(token.split('.')[1], 'base64url'));
    expect(tokens.orderIdOf(7, sameBytes)).toBe(0);
    expect(tokens.orderIdOf(7, token.slice(0, -2) + (token.at(-2) === 'A' ? 'B' : 'A') + token.at(-1))).toBe(0);
    for (const bad of [
      '',
      '31',
      '31.',
      `0.${token.split('.')[1]}`,
      `${token}.x`,
      `-31.${token.split('.')[1]}`,
      '99999999999999999.AAAAAAAAAAAAAAAAAAAAAA',
    ]) {
      expect(tokens.orderIdOf(7, bad)).toBe(0);
    }
  });
});

describe('typedFields', () => {
  it('gives the form back by its field names, without the CSRF and payment tokens', () => {
    expect(
      typedFields({
        email: 'a@b.c',
        address: { name: 'Ann', country: 'US' },
        items: [{ variant_id: '9', quantity: '1' }],
        csrf_token: 't',
        payment_token: 'tok_visa',
      }),
    ).toEqual({
      email: 'a@b.c',
      'address[name]': 'Ann',
      'address[country]': 'US',
      'items[0][variant_id]': '9',
      'items[0][quantity]': '1',
    });
  });

  it('keeps at most 40 fields', () => {
    const many = Object.fromEntries(Array.from({ length: 100 }, (_, index) => [`f${index}`, 'x']));
    expect(Object.keys(typedFields(many))).toHaveLength(40);
  });
});
