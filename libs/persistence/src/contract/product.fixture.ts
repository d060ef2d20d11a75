import type { Doc } from '../collection.port';

export interface OutboxEntry extends Doc {
  id: string;
  type: string;
}

export interface Product extends Doc {
  id: number;
  storeId: number;
  sku: string;
  title: string;
  priceCents: number;
  status: 'draft' | 'active' | 'archived';
  tags: string[];
  createdAt: Date;
  dims?: { widthMm: number; heightMm: number };
  lines?: { sku: string; quantity: number }[];
  outbox?: OutboxEntry[];
}

/** A valid product; override only what the test is about. */
export function aProduct(overrides: Partial<Product> & { id: number }): Product {
  return {
    storeId: 1,
    sku: `SKU-${overrides.id}`,
    title: `Product ${overrides.id}`,
    priceCents: 1000,
    status: 'active',
    tags: [],
    createdAt: new Date(Date.UTC(2024, 0, overrides.id)),
    ...overrides,
  };
}

/** Five products that differ on every field the filter/sort tests use. */
export function productCatalog(): Product[] {
  return [
    aProduct({ id: 1, storeId: 1, priceCents: 500, status: 'active', tags: ['red', 'sale'], dims: { widthMm: 10, heightMm: 20 } }),
    aProduct({ id: 2, storeId: 1, priceCents: 1500, status: 'draft', tags: ['blue'], outbox: [{ id: 'e1', type: 'product.created' }] }),
    aProduct({ id: 3, storeId: 2, priceCents: 2500, status: 'active', tags: [], lines: [{ sku: 'X', quantity: 2 }], outbox: [] }),
    aProduct({ id: 4, storeId: 2, priceCents: 3500, status: 'archived', tags: ['red'], dims: { widthMm: 30, heightMm: 40 } }),
    aProduct({ id: 5, storeId: 1, priceCents: 4500, status: 'active', tags: ['green', 'sale'], lines: [{ sku: 'Y', quantity: 1 }] }),
  ];
}

export const idsOf = (docs: { id: number }[]): number[] => docs.map((doc) => doc.id).sort((a, b) => a - b);
