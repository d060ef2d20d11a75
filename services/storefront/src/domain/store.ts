import { isValidTimeZone } from '@commerce/api-presenters';
import { checkedChanges, fieldViolations, violationsOf, type FieldViolations } from '@commerce/grpc-runtime';
import { DEFAULT_CURRENCY, isCurrencyCode } from '@commerce/money';
import { isBlankText } from '@commerce/text';
import type { StoreDefaults } from './default-templates';
import { z } from 'zod';
import { normalizeSubdomain } from './store-address';

const RESERVED_SUBDOMAINS = new Set([
  'www',
  'api',
  'admin',
  'app',
  'apps',
  'mail',
  'help',
  'support',
  'status',
  'assets',
  'static',
  'oauth',
  'marketplace',
  'store',
  'stores',
]);
const SUBDOMAIN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const HOSTNAME = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const PHONE = /^[0-9+().\-\s x]*$/;
const NOT_AN_EMAIL = 'is not a valid e-mail address';

/** Text of at most `maximum` characters. */
const text = (maximum: number, string = z.string()) =>
  string.refine((value) => value.length <= maximum, { message: `is too long (maximum is ${maximum} characters)` });

/**
 * The fields a store owner may change through PUT /v1/store, declared once
 * (docs/architecture.md#one-description-per-record): their types, how what the owner typed is held (trimmed names,
 * lowercase domains, an empty custom domain is none) and the rules, with the messages an API client reads.
 * `platformDomains` are the hosts the platform serves itself (the storefront domain, the assets and API hosts): no
 * store may claim them.
 */
export function storeFields(platformDomains: readonly string[] = []) {
  return z.object({
    name: text(100, z.string().trim()).refine((name) => !isBlankText(name), { message: "can't be blank" }),
    description: text(10_000),
    support_email: text(254, z.string().trim()).refine((email) => !email || EMAIL.test(email), { message: NOT_AN_EMAIL }),
    return_address: text(1_000),
    business_name: text(200),
    business_type: text(100),
    phone: text(40).refine((phone) => !phone || PHONE.test(phone), { message: 'may contain only digits, spaces and + ( ) . - x' }),
    time_zone: text(64).refine(isValidTimeZone, { message: 'is not a known IANA time zone' }),
    location: text(200),
    custom_domain: z
      .string()
      .nullable()
      .transform((domain) => domain?.trim().toLowerCase() || null)
      .superRefine((domain, context) => {
        if (!domain) return;
        const problem = (message: string) => context.addIssue({ code: 'custom', message });
        if (domain.length > 253) problem('is too long (maximum is 253 characters)');
        if (!HOSTNAME.test(domain)) problem('is not a valid host name');
        else if (isPlatformHost(domain, platformDomains)) problem("is a host name of the platform and can't be a store's domain");
      }),
    css: text(256 * 1024),
    layout: text(256 * 1024),
    storefront_open: z.boolean(),
    list_in_marketplace: z.boolean(),
    use_default_layout: z.boolean(),
    // docs/money.md#currency: held upper case ("jpy " is JPY); every amount of the store counts its minor unit.
    currency: z
      .string()
      .transform((code) => code.trim().toUpperCase())
      .refine(isCurrencyCode, { message: 'is not an ISO 4217 currency code' })
      .default(DEFAULT_CURRENCY),
    prices_include_tax: z.boolean().default(false),
  });
}

/** The owner's fields as held. */
export type StoreFields = z.output<ReturnType<typeof storeFields>>;
export type OwnerField = keyof StoreFields;
export const OWNER_FIELDS = Object.keys(storeFields().shape) as OwnerField[];
/** Each owner field that has a default, with it: what a store stored before the field existed reads (currency USD). */
const DEFAULTED_FIELDS = Object.entries(storeFields().shape)
  .filter(([, field]) => field instanceof z.ZodDefault)
  .map(([key, field]) => [key as OwnerField, field.parse(undefined)] as const);
/** A stored store as it reads now: a field it was stored without holds the field's default. */
export function withFieldDefaults<T extends Partial<StoreFields>>(stored: T): T & StoreFields {
  const missing = DEFAULTED_FIELDS.filter(([key]) => stored[key] === undefined);
  return (missing.length === 0 ? stored : { ...stored, ...Object.fromEntries(missing) }) as T & StoreFields;
}
/** The owner's fields of a record, nothing else (a document's version, outbox and ids stay behind). */
export const ownerFieldsOf = (record: StoreFields): StoreFields =>
  Object.fromEntries(OWNER_FIELDS.map((field) => [field, record[field]])) as StoreFields;
/** What an update takes: any owner field; absent = unchanged. */
export type StoreChanges = Partial<z.input<ReturnType<typeof storeFields>>>;

/** The store as persisted: the owner's fields plus what the platform manages. */
export type StoreRecord = StoreFields & {
  id: number;
  subdomain: string;
  avatar: string;
  owner_user_id: number;
  paypal_email: string;
  created_at: Date;
  updated_at: Date;
};

export function subdomainViolations(subdomain: string): string[] {
  if (subdomain.length < 3 || subdomain.length > 20) return ['must be 3 to 20 characters'];
  if (!SUBDOMAIN.test(subdomain)) return ['may contain only lowercase letters, digits and inner hyphens'];
  if (RESERVED_SUBDOMAINS.has(subdomain)) return ['is reserved'];
  return [];
}

/** Whether a host name is one the platform serves itself (a platform domain, or a host under one): never a store's own domain. */
export function isPlatformHost(domain: string, platformDomains: readonly string[]): boolean {
  return platformDomains.some((platform) => domain === platform || domain.endsWith(`.${platform}`));
}

/** What a custom domain taken by another store reads (the check is a claim in the store's database, app/update-store.ts). */
export const CUSTOM_DOMAIN_TAKEN = 'is already the domain of another store';

/**
 * Checks owner changes against the store rules; an empty result means they may be applied. `platformDomains` are the
 * hosts the platform serves itself (the storefront domain, the assets and API hosts): no store may claim them.
 */
export function validateStoreChanges(changes: StoreChanges, platformDomains: readonly string[] = []): FieldViolations {
  return fieldViolations(storeFields(platformDomains), changes);
}

/** Normalizes what the owner typed: trimmed names, lowercase domains, empty custom domain means none. */
export function normalizeStoreChanges(changes: StoreChanges): StoreChanges {
  return checkedChanges(storeFields(), changes);
}

/** The fields whose values differ, so an update that changes nothing writes nothing and emits nothing. */
export function changedFields(store: StoreRecord, changes: StoreChanges): StoreChanges {
  const changed: StoreChanges = {};
  for (const field of OWNER_FIELDS) {
    const value = changes[field];
    if (value !== undefined && value !== store[field]) (changed as Record<string, unknown>)[field] = value;
  }
  return changed;
}

/** What a create takes: the store's first name, e-mail and zone, its subdomain (trimmed, lowercase), its owner and PayPal e-mail. */
export function newStoreFields() {
  return storeFields()
    .pick({ name: true, support_email: true, time_zone: true })
    .extend({
      subdomain: z
        .string()
        .transform(normalizeSubdomain)
        .superRefine((subdomain, context) => {
          for (const message of subdomainViolations(subdomain)) context.addIssue({ code: 'custom', message });
        }),
      owner_user_id: z.number(),
      paypal_email: z.string().refine((value) => !value || EMAIL.test(value), { message: NOT_AN_EMAIL }),
    });
}
export type NewStoreInput = z.input<ReturnType<typeof newStoreFields>>;

export function validateNewStore(input: NewStoreInput): FieldViolations {
  const result = newStoreFields().safeParse(input);
  return result.success ? {} : violationsOf(result.error.issues);
}

export function newStoreRecord(
  id: number,
  input: z.output<ReturnType<typeof newStoreFields>>,
  assetsBaseUrl: string,
  now: Date,
  defaults: Pick<StoreDefaults, 'css' | 'layout'>,
): StoreRecord {
  return {
    id,
    name: input.name.trim(),
    description: '',
    subdomain: input.subdomain,
    location: '',
    support_email: input.support_email,
    return_address: '',
    business_name: '',
    business_type: '',
    phone: '',
    time_zone: input.time_zone,
    avatar: `${assetsBaseUrl}/images/store-avatar.png`,
    storefront_open: true,
    list_in_marketplace: false,
    custom_domain: null,
    use_default_layout: true,
    css: defaults.css,
    layout: defaults.layout,
    currency: DEFAULT_CURRENCY,
    prices_include_tax: false,
    owner_user_id: input.owner_user_id,
    paypal_email: input.paypal_email,
    created_at: now,
    updated_at: now,
  };
}
