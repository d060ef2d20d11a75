import {
  changedFields,
  newStoreRecord,
  normalizeStoreChanges,
  subdomainViolations,
  validateNewStore,
  validateStoreChanges,
  withFieldDefaults,
  type NewStoreInput,
} from './store';

const CREATED_AT = new Date('2024-03-01T12:00:00Z');
const aNewStore = (overrides: Partial<NewStoreInput> = {}): NewStoreInput => ({
  name: 'Bolts & Nuts',
  subdomain: 'bolts',
  owner_user_id: 7,
  support_email: 'owner@example.com',
  paypal_email: '',
  time_zone: 'America/New_York',
  ...overrides,
});
/** What every store starts with: files in assets/store-defaults/ in the service, any markup here. */
const DEFAULTS = { css: 'body { margin: 0; }\n', layout: '<main>{{ page_content }}</main>\n' };
const aStore = () => newStoreRecord(1, aNewStore(), '//assets.example', CREATED_AT, DEFAULTS);

describe('subdomainViolations', () => {
  it.each(['abc', 'bolts', 'my-shop', 'shop42', '4ever', 'a'.repeat(20)])('accepts %s', (subdomain) => {
    expect(subdomainViolations(subdomain)).toEqual([]);
  });

  it.each([
    ['ab', 'must be 3 to 20 characters'],
    ['a'.repeat(21), 'must be 3 to 20 characters'],
    ['', 'must be 3 to 20 characters'],
    ['My-Shop', 'may contain only lowercase letters, digits and inner hyphens'],
    ['my_shop', 'may contain only lowercase letters, digits and inner hyphens'],
    ['-shop', 'may contain only lowercase letters, digits and inner hyphens'],
    ['shop-', 'may contain only lowercase letters, digits and inner hyphens'],
    ['my.shop', 'may contain only lowercase letters, digits and inner hyphens'],
    ['www', 'is reserved'],
    ['admin', 'is reserved'],
    ['marketplace', 'is reserved'],
  ])('refuses "%s": %s', (subdomain, message) => {
    expect(subdomainViolations(subdomain)).toEqual([message]);
  });
});

describe('validateStoreChanges', () => {
  it('accepts no changes and valid changes', () => {
    expect(validateStoreChanges({})).toEqual({});
    expect(
      validateStoreChanges({
        name: 'New',
        support_email: 'help@example.com',
        time_zone: 'Europe/Berlin',
        phone: '+1 (555) 010-0000 x12',
        custom_domain: 'shop.example.com',
        storefront_open: false,
      }),
    ).toEqual({});
  });

  it('accepts an empty support e-mail, phone or custom domain (each is optional)', () => {
    expect(validateStoreChanges({ support_email: '', phone: '', custom_domain: null })).toEqual({});
  });

  it('names each bad field with its rule', () => {
    expect(
      validateStoreChanges({
        name: '  ',
        support_email: 'nope',
        time_zone: 'Mars/Olympus_Mons',
        phone: 'call me',
        custom_domain: 'localhost',
      }),
    ).toEqual({
      name: ["can't be blank"],
      support_email: ['is not a valid e-mail address'],
      time_zone: ['is not a known IANA time zone'],
      phone: ['may contain only digits, spaces and + ( ) . - x'],
      custom_domain: ['is not a valid host name'],
    });
  });

  it('refuses an empty time zone', () => {
    expect(validateStoreChanges({ time_zone: '' })).toEqual({ time_zone: ['is not a known IANA time zone'] });
  });

  it('bounds text lengths', () => {
    expect(validateStoreChanges({ name: 'n'.repeat(100), description: 'd'.repeat(10_000) })).toEqual({});
    expect(validateStoreChanges({ name: 'n'.repeat(101), description: 'd'.repeat(10_001) })).toEqual({
      name: ['is too long (maximum is 100 characters)'],
      description: ['is too long (maximum is 10000 characters)'],
    });
  });
});

describe('normalizeStoreChanges', () => {
  it('trims the name and support e-mail and lowercases the custom domain', () => {
    expect(normalizeStoreChanges({ name: '  Shop ', support_email: ' help@example.com ', custom_domain: ' Shop.Example.COM ' })).toEqual({
      name: 'Shop',
      support_email: 'help@example.com',
      custom_domain: 'shop.example.com',
    });
  });

  it('turns an empty custom domain into none', () => {
    expect(normalizeStoreChanges({ custom_domain: '' })).toEqual({ custom_domain: null });
    expect(normalizeStoreChanges({ custom_domain: '   ' })).toEqual({ custom_domain: null });
  });

  it('leaves absent fields absent', () => {
    expect(normalizeStoreChanges({ description: 'x' })).toEqual({ description: 'x' });
  });
});

describe('changedFields', () => {
  it('keeps only the fields whose values differ', () => {
    const store = aStore();

    expect(changedFields(store, { name: store.name, description: 'New', storefront_open: true, list_in_marketplace: true })).toEqual({
      description: 'New',
      list_in_marketplace: true,
    });
  });

  it('is empty when nothing differs, so nothing is written', () => {
    const store = aStore();

    expect(changedFields(store, { name: store.name, custom_domain: null, css: DEFAULTS.css })).toEqual({});
  });

  it('sees clearing a custom domain as a change', () => {
    const store = { ...aStore(), custom_domain: 'shop.example.com' };

    expect(changedFields(store, { custom_domain: null })).toEqual({ custom_domain: null });
  });

  it('ignores fields the owner may not change', () => {
    const store = aStore();

    expect(changedFields(store, { subdomain: 'other', owner_user_id: 99 } as never)).toEqual({});
  });
});

describe('validateNewStore', () => {
  it('accepts a valid new store', () => {
    expect(validateNewStore(aNewStore())).toEqual({});
  });

  it('checks the subdomain, the store rules and the PayPal e-mail together', () => {
    expect(validateNewStore(aNewStore({ name: '', subdomain: 'ab', support_email: 'x', paypal_email: 'y', time_zone: 'Nowhere' }))).toEqual(
      {
        name: ["can't be blank"],
        support_email: ['is not a valid e-mail address'],
        time_zone: ['is not a known IANA time zone'],
        subdomain: ['must be 3 to 20 characters'],
        paypal_email: ['is not a valid e-mail address'],
      },
    );
  });
});

describe('newStoreRecord', () => {
  it('opens the store with the default look, no custom domain and the avatar from the assets host', () => {
    expect(newStoreRecord(5, aNewStore({ name: ' Bolts ' }), '//assets.example', CREATED_AT, DEFAULTS)).toMatchObject({
      id: 5,
      name: 'Bolts',
      subdomain: 'bolts',
      storefront_open: true,
      list_in_marketplace: false,
      custom_domain: null,
      use_default_layout: true,
      css: DEFAULTS.css,
      layout: DEFAULTS.layout,
      avatar: '//assets.example/images/store-avatar.png',
      owner_user_id: 7,
      created_at: CREATED_AT,
      updated_at: CREATED_AT,
    });
  });
});

describe('currency and prices_include_tax (docs/money.md#currency)', () => {
  it('opens a store in USD with prices entered without tax', () => {
    expect(aStore()).toMatchObject({ currency: 'USD', prices_include_tax: false });
  });

  it('holds a code typed in any case, trimmed, upper case', () => {
    expect(normalizeStoreChanges({ currency: ' jpy ' })).toEqual({ currency: 'JPY' });
    expect(normalizeStoreChanges({ currency: 'KWD', prices_include_tax: true })).toEqual({ currency: 'KWD', prices_include_tax: true });
  });

  it.each([['ABC'], ['US'], ['dollars'], [''], ['USD;'], ['X'.repeat(10_000)]])('refuses %#: not an ISO 4217 code', (currency) => {
    expect(validateStoreChanges({ currency })).toEqual({ currency: ['is not an ISO 4217 currency code'] });
  });

  it('leaves both absent from a change that names neither (no default is applied on update)', () => {
    expect(normalizeStoreChanges({ name: 'New' })).toEqual({ name: 'New' });
  });

  it('reads a store stored before the fields existed as USD, without tax', () => {
    const { currency: _currency, prices_include_tax: _taxIncluded, ...stored } = aStore();
    expect(withFieldDefaults(stored)).toMatchObject({ currency: 'USD', prices_include_tax: false, custom_domain: null });
    const kept = { ...aStore(), currency: 'EUR', prices_include_tax: true };
    expect(withFieldDefaults(kept)).toBe(kept);
  });

  it('sees a change of currency as a change', () => {
    expect(changedFields(aStore(), { currency: 'JPY', prices_include_tax: false })).toEqual({ currency: 'JPY' });
  });
});
