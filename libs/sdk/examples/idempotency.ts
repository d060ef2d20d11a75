import type { CommerceClient } from '@commerce/sdk';

/**
 * Every write carries an Idempotency-Key, the same on each retry, so a retried POST never makes a second record.
 * Give your own to survive a restart too: running this again for the same row answers the product made the first time.
 */
export async function importRow(client: CommerceClient, row: { sku: string; name: string; price: string }): Promise<number> {
  const { data: product } = await client.POST('/v1/products', {
    params: { header: { 'Idempotency-Key': `import-${row.sku}` } },
    body: { name: row.name, price: row.price },
  });
  return product.id;
}
