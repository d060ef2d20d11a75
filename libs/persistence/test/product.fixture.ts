import type { Doc } from '../src/collection.port';

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
  deleted?: boolean;
  updatedAt?: Date;
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

/**
 * Two stores' products to list: store 1 holds ids 1..40, store 2 ids 41..55. Every 7th is deleted,
 * statuses go in turn, every 11th has no status, and one product per store (13, 45) no updatedAt.
 */
export function storeListing(): Product[] {
  const statuses = ['active', 'draft', 'archived'] as const;
  return Array.from({ length: 55 }, (_, i) => {
    const id = i + 1;
    const product = aProduct({
      id,
      storeId: id <= 40 ? 1 : 2,
      deleted: id % 7 === 0,
      status: statuses[id % 3],
      // Newest first is not id order: updatedAt runs backwards over odd ids.
      updatedAt: new Date(Date.UTC(2024, 1, 1, 0, id % 2 === 0 ? id : 100 - id)),
    });
    const { status, updatedAt, ...rest } = product;
    return { ...rest, ...(id % 11 === 0 ? {} : { status }), ...(id === 13 || id === 45 ? {} : { updatedAt }) } as Product;
  });
}

export const idsOf = (docs: { id: number }[]): number[] => docs.map((doc) => doc.id).sort((a, b) => a - b);
