import { isValidTimeZone } from '@commerce/api-presenters';
import type { FieldViolations } from '@commerce/grpc-runtime';
import { isBlankText } from '@commerce/text';
import type { StoreDefaults } from './default-templates';

/** The store as persisted: owner-changeable fields plus what the platform manages. */
export interface StoreRecord {
  id: number;
  name: string;
  description: string;
  subdomain: string;
  location: string;
  support_email: string;
  return_address: string;
  business_name: string;
  business_type: string;
  phone: string;
  time_zone: string;
  avatar: string;
  storefront_open: boolean;
  list_in_marketplace: boolean;
  custom_domain: string | null;
  use_default_layout: boolean;
  css: string;
  layout: string;
  owner_user_id: number;
  paypal_email: string;
  created_at: Date;
  updated_at: Date;
}

/** Fields a store owner may change through PUT /v1/store (DESIGN §8). */
export const OWNER_FIELDS = [
  'name',
  'description',
  'support_email',
  'return_address',
  'business_name',
  'business_type',
  'phone',
  'time_zone',
  'location',
  'storefront_open',
  'list_in_marketplace',
  'custom_domain',
  'use_default_layout',
  'css',
  'layout',
] as const;
export type OwnerField = (typeof OWNER_FIELDS)[number];
export type StoreChanges = Partial<Pick<StoreRecord, OwnerField>>;

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

const MAX_LENGTH: Record<Exclude<OwnerField, 'storefront_open' | 'list_in_marketplace' | 'use_default_layout'>, number> = {
  name: 100,
  description: 10_000,
  support_email: 254,
  return_address: 1_000,
  business_name: 200,
  business_type: 100,
  phone: 40,
  time_zone: 64,
  location: 200,
  custom_domain: 253,
  css: 256 * 1024,
  layout: 256 * 1024,
};

function add(violations: FieldViolations, field: string, message: string): void {
  (violations[field] ??= []).push(message);
}

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
  const violations: FieldViolations = {};
  for (const [field, limit] of Object.entries(MAX_LENGTH)) {
    const value = changes[field as OwnerField];
    if (typeof value === 'string' && value.length > limit) add(violations, field, `is too long (maximum is ${limit} characters)`);
  }
  if (changes.name !== undefined && isBlankText(changes.name)) add(violations, 'name', "can't be blank");
  if (changes.support_email && !EMAIL.test(changes.support_email)) add(violations, 'support_email', 'is not a valid e-mail address');
  if (changes.time_zone !== undefined && !isValidTimeZone(changes.time_zone)) add(violations, 'time_zone', 'is not a known IANA time zone');
  if (changes.phone && !PHONE.test(changes.phone)) add(violations, 'phone', 'may contain only digits, spaces and + ( ) . - x');
  if (changes.custom_domain && !HOSTNAME.test(changes.custom_domain)) add(violations, 'custom_domain', 'is not a valid host name');
  else if (changes.custom_domain && isPlatformHost(changes.custom_domain, platformDomains)) {
    add(violations, 'custom_domain', "is a host name of the platform and can't be a store's domain");
  }
  return violations;
}

/** Normalizes what the owner typed: trimmed names, lowercase domains, empty custom domain means none. */
export function normalizeStoreChanges(changes: StoreChanges): StoreChanges {
  const normalized: StoreChanges = { ...changes };
  if (normalized.name !== undefined) normalized.name = normalized.name.trim();
  if (normalized.support_email !== undefined) normalized.support_email = normalized.support_email.trim();
  if (normalized.custom_domain !== undefined) normalized.custom_domain = normalized.custom_domain?.trim().toLowerCase() || null;
  return normalized;
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

export interface NewStoreInput {
  name: string;
  subdomain: string;
  owner_user_id: number;
  support_email: string;
  paypal_email: string;
  time_zone: string;
}

export function validateNewStore(input: NewStoreInput): FieldViolations {
  const violations = validateStoreChanges({ name: input.name, support_email: input.support_email, time_zone: input.time_zone });
  for (const message of subdomainViolations(input.subdomain)) add(violations, 'subdomain', message);
  if (input.paypal_email && !EMAIL.test(input.paypal_email)) add(violations, 'paypal_email', 'is not a valid e-mail address');
  return violations;
}

/** `defaults`: the layout and stylesheet every store starts with (assets/store-defaults/, domain/default-templates.ts). */
export function newStoreRecord(
  id: number,
  input: NewStoreInput,
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
    owner_user_id: input.owner_user_id,
    paypal_email: input.paypal_email,
    created_at: now,
    updated_at: now,
  };
}
