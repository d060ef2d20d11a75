import type { CommerceClient, components } from '@commerce/sdk';

type Product = components['schemas']['Product'];

/** Paths, parameters, bodies and answers are typed from /v1/openapi.json: a misspelt field does not compile. */
export async function addTea(client: CommerceClient, name: string): Promise<Product> {
  const { data: created } = await client.POST('/v1/products', { body: { name, price: '12.50', tag_list: ['tea'] } });
  const { data: product } = await client.GET('/v1/products/{id}', { params: { path: { id: created.id } } });
  return product;
}
