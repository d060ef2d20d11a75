import type { CatalogPlan } from './catalog-plan';
import type { Random } from './random';

export const DEMO_COUNTRIES = ['US', 'CA', 'GB', 'DE', 'FR'] as const;
export type DemoCountry = (typeof DEMO_COUNTRIES)[number];

export interface CheckoutAddress {
  name: string;
  address_1: string;
  city: string;
  postal: string;
  state: string;
  state_abbrev: string;
  country: DemoCountry;
}

/** A line of a planned checkout, by position in the catalog plan (ids exist only once the catalog is created). */
export interface PlannedLine {
  product_index: number;
  variant_index: number;
  quantity: number;
}

/**
 * What happens to an order once checkout opened it: shipped whole, shipped in part (the first
 * `items_shipped` of its items), put on hold, canceled, or left open for the owner.
 */
export type OrderFate =
  | { action: 'ship' }
  | { action: 'ship-partially'; items_shipped: number }
  | { action: 'hold' }
  | { action: 'cancel' }
  | { action: 'leave-open' };

export interface PlannedOrder {
  email: string;
  address: CheckoutAddress;
  lines: PlannedLine[];
  user_note?: string;
  /** `tok_visa` is approved by the test processor, `tok_chargeDeclined` declined (docs/orders.md#the-test-payment-processor). */
  payment_token: 'tok_visa' | 'tok_chargeDeclined';
  /** Absent for a declined checkout: there is no open order to act on. */
  fate?: OrderFate;
}

const FIRST_NAMES = [
  'Ada',
  'Bram',
  'Chloé',
  'Dmitri',
  'Esme',
  'Farid',
  'Greta',
  'Hiro',
  'Ines',
  'Jonas',
  'Kemi',
  'Luca',
  'Maya',
  'Noor',
  'Oskar',
  'Priya',
];
const LAST_NAMES = [
  'Okafor',
  'Lindqvist',
  'Moreau',
  'Tanaka',
  'Schmidt',
  'Walsh',
  'Novak',
  'Haddad',
  'Reyes',
  'Campbell',
  'Dubois',
  'Fischer',
];

type Place = Omit<CheckoutAddress, 'name' | 'address_1' | 'country'> & { street: string };
const PLACES: Record<DemoCountry, readonly Place[]> = {
  US: [
    { street: 'Main Street', city: 'Portland', postal: '97205', state: 'Oregon', state_abbrev: 'OR' },
    { street: 'Elm Avenue', city: 'Austin', postal: '78701', state: 'Texas', state_abbrev: 'TX' },
  ],
  CA: [
    { street: 'King Street West', city: 'Toronto', postal: 'M5V 1J5', state: 'Ontario', state_abbrev: 'ON' },
    { street: 'Rue Saint-Denis', city: 'Montréal', postal: 'H2X 3K8', state: 'Quebec', state_abbrev: 'QC' },
  ],
  GB: [
    { street: 'Deansgate', city: 'Manchester', postal: 'M3 4LQ', state: 'Greater Manchester', state_abbrev: 'MAN' },
    { street: 'Rose Street', city: 'Edinburgh', postal: 'EH2 2PR', state: 'Scotland', state_abbrev: 'EDH' },
  ],
  DE: [
    { street: 'Torstraße', city: 'Berlin', postal: '10119', state: 'Berlin', state_abbrev: 'BE' },
    { street: 'Schanzenstraße', city: 'Hamburg', postal: '20357', state: 'Hamburg', state_abbrev: 'HH' },
  ],
  FR: [
    { street: 'Rue de la République', city: 'Lyon', postal: '69002', state: 'Auvergne-Rhône-Alpes', state_abbrev: 'ARA' },
    { street: 'Rue Oberkampf', city: 'Paris', postal: '75011', state: 'Île-de-France', state_abbrev: 'IDF' },
  ],
};

const NOTES = ['Please gift wrap.', 'Leave with the neighbour if nobody is home.', 'It is a birthday present!'];

/** About one checkout in ten is declined. */
export const DECLINE_RATE = 0.1;

/**
 * Up to `count` checkouts over the planned catalog, each with what happens to its order afterwards. Approved
 * checkouts never ask for more than the planned stock left (a declined one takes nothing), so on a fresh store
 * none is refused for stock; once every variant is sold out, no more are planned.
 */
export function planOrders(random: Random, catalog: CatalogPlan, count: number): PlannedOrder[] {
  const remaining = catalog.products.map((product) => product.variants.map((variant) => variant.stock));
  const orders: PlannedOrder[] = [];
  for (let index = 0; index < count; index++) {
    const order = planOrder(random, catalog, remaining, index);
    if (order) orders.push(order);
  }
  return orders;
}

function planOrder(random: Random, catalog: CatalogPlan, remaining: number[][], index: number): PlannedOrder | undefined {
  const first = random.pick(FIRST_NAMES);
  const last = random.pick(LAST_NAMES);
  const country = random.pick(DEMO_COUNTRIES);
  const { street, ...place } = random.pick(PLACES[country]);
  const declined = random.chance(DECLINE_RATE);
  const lines = planLines(random, catalog, remaining);
  if (lines.length === 0) return undefined;
  if (!declined) for (const line of lines) remaining[line.product_index]![line.variant_index]! -= line.quantity;
  return {
    email: `${asciiOf(first)}.${asciiOf(last)}+${index + 1}@example.com`.toLowerCase(),
    address: { name: `${first} ${last}`, address_1: `${random.int(1, 240)} ${street}`, ...place, country },
    lines,
    ...(random.chance(0.15) ? { user_note: random.pick(NOTES) } : {}),
    payment_token: declined ? 'tok_chargeDeclined' : 'tok_visa',
    ...(declined ? {} : { fate: planFate(random, lines.length) }),
  };
}

/** 1-3 different variants still in stock, mostly one unit each (never more than is left). */
function planLines(random: Random, catalog: CatalogPlan, remaining: number[][]): PlannedLine[] {
  const wanted = random.int(1, 3);
  const lines: PlannedLine[] = [];
  for (const product_index of random.shuffled(catalog.products.map((_, index) => index))) {
    if (lines.length === wanted) break;
    const inStock = remaining[product_index]!.flatMap((left, variant_index) => (left > 0 ? [variant_index] : []));
    if (inStock.length === 0) continue;
    const variant_index = random.pick(inStock);
    const quantity = Math.min(remaining[product_index]![variant_index]!, random.chance(0.75) ? 1 : random.int(2, 3));
    lines.push({ product_index, variant_index, quantity });
  }
  return lines;
}

/** Roughly: a third shipped, a sixth shipped in part (orders of several items), an eighth on hold, a tenth canceled, the rest left open. */
export function planFate(random: Random, itemCount: number): OrderFate {
  const roll = random.next();
  if (roll < 0.35) return { action: 'ship' };
  if (roll < 0.52) return itemCount > 1 ? { action: 'ship-partially', items_shipped: random.int(1, itemCount - 1) } : { action: 'ship' };
  if (roll < 0.65) return { action: 'hold' };
  if (roll < 0.75) return { action: 'cancel' };
  return { action: 'leave-open' };
}

function asciiOf(name: string): string {
  return name.normalize('NFD').replace(/[^A-Za-z]/g, '');
}
