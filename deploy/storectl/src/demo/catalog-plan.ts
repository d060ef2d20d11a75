import type { Random } from './random';

/** What the demo puts in the store's catalog, before any id exists. */
export interface VariantPlan {
  name: string;
  /** Units in stock (and full_quantity). A few variants get only 1-2, so sold-out variants show up. */
  stock: number;
  /** A larger size costs more than the product's price; absent: the product's price. */
  override_cents?: number;
}

export interface ProductPlan {
  name: string;
  description: string;
  cents: number;
  tag_list: string[];
  /** 1 to 3; the first becomes the product's "Default" variant, renamed. */
  variants: VariantPlan[];
}

export interface CollectionPlan {
  name: string;
  description: string;
  /** Indexes into the planned products. */
  product_indexes: number[];
}

export interface CatalogPlan {
  products: ProductPlan[];
  collections: CollectionPlan[];
}

interface Kind {
  tag: string;
  nouns: readonly string[];
  adjectives: readonly string[];
  sizes: readonly string[];
  cents: readonly [number, number];
  describe: (name: string) => string;
}

const KINDS: readonly Kind[] = [
  {
    tag: 'tea',
    nouns: ['Sencha', 'Earl Grey', 'Darjeeling', 'Assam', 'Oolong', 'Rooibos', 'Genmaicha', 'Chai'],
    adjectives: ['Smoky', 'First Flush', 'Organic', 'Highland', 'Morning', 'Roasted', 'Golden', 'Wild'],
    sizes: ['50 g', '100 g', '250 g'],
    cents: [600, 2400],
    describe: (name) => `${name}, loose leaf, packed by hand in resealable tins.`,
  },
  {
    tag: 'ceramics',
    nouns: ['Mug', 'Teapot', 'Tumbler', 'Bowl', 'Espresso Cup', 'Pitcher'],
    adjectives: ['Indigo', 'Sage', 'Terracotta', 'Charcoal', 'Speckled', 'Glazed', 'Sandstone', 'Ocean'],
    sizes: ['Small', 'Medium', 'Large'],
    cents: [1200, 5500],
    describe: (name) => `${name}, thrown on the wheel and fired twice. Dishwasher safe.`,
  },
  {
    tag: 'prints',
    nouns: ['Mountain Print', 'Harbour Print', 'Botanical Print', 'City Map', 'Tide Chart', 'Star Chart'],
    adjectives: ['Vintage', 'Minimal', 'Risograph', 'Linocut', 'Watercolour', 'Midnight'],
    sizes: ['A4', 'A3', 'A2'],
    cents: [1500, 6000],
    describe: (name) => `${name} on heavy matte paper, shipped rolled in a tube.`,
  },
];

/** `count` products of the demo's three kinds, with 1-3 variants each, and two collections over them. */
export function planCatalog(random: Random, count: number): CatalogPlan {
  const names = new Set<string>();
  const products: ProductPlan[] = [];
  for (let index = 0; index < count; index++) {
    const kind = KINDS[index % KINDS.length]!;
    products.push(planProduct(random, kind, uniqueName(random, kind, names)));
  }
  const indexes = products.map((_, index) => index);
  const newest = indexes.slice(-Math.max(1, Math.ceil(count / 3)));
  const gifts = random
    .shuffled(indexes)
    .slice(0, Math.max(1, Math.ceil(count / 4)))
    .sort((a, b) => a - b);
  return {
    products,
    collections: [
      { name: 'New arrivals', description: 'Just in this season.', product_indexes: newest },
      { name: 'Gift ideas', description: 'Chosen by the shop for giving.', product_indexes: gifts },
    ],
  };
}

function uniqueName(random: Random, kind: Kind, taken: Set<string>): string {
  for (let attempt = 0; attempt < 20; attempt++) {
    const name = `${random.pick(kind.adjectives)} ${random.pick(kind.nouns)}`;
    if (!taken.has(name)) return remember(taken, name);
  }
  // Every pair taken (a store asked for many products): number them.
  return remember(taken, `${random.pick(kind.adjectives)} ${random.pick(kind.nouns)} No. ${taken.size + 1}`);
}

function remember(taken: Set<string>, name: string): string {
  taken.add(name);
  return name;
}

function planProduct(random: Random, kind: Kind, name: string): ProductPlan {
  // Prices end in 0 or 5 cents below a whole unit, as shops price them.
  const cents = Math.round(random.int(kind.cents[0], kind.cents[1]) / 100) * 100 - random.pick([0, 5, 10]);
  const variantCount = random.int(1, 3);
  const variants = kind.sizes.slice(0, variantCount).map((size, position) => ({
    name: size,
    stock: random.chance(0.1) ? random.int(1, 2) : random.int(5, 40),
    ...(position > 0 ? { override_cents: cents + position * Math.round(cents / 200) * 100 } : {}),
  }));
  return { name, description: kind.describe(name), cents, tag_list: [kind.tag, ...(random.chance(0.3) ? ['bestseller'] : [])], variants };
}
