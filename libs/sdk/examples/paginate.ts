import type { CommerceClient } from '@commerce/sdk';

/** Every product of the store, however many pages: paginate follows the API's next_url to the last page. */
export async function allProductNames(client: CommerceClient, pageSize = 100): Promise<string[]> {
  const names: string[] = [];
  for await (const product of client.paginate('/v1/products', { params: { query: { limit: pageSize } } })) {
    names.push(product.name);
  }
  return names;
}
