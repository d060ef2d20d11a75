import { CommerceApiError, type CommerceClient } from '@commerce/sdk';

/** Calls throw CommerceApiError for any answer that is not a success: its status, type, field errors and request id. */
export async function tryCreate(
  client: CommerceClient,
  name: string,
  price: string,
): Promise<{ id: number } | { invalid: Record<string, readonly string[]> }> {
  try {
    const { data: product } = await client.POST('/v1/products', { body: { name, price } });
    return { id: product.id };
  } catch (error) {
    if (error instanceof CommerceApiError && error.errorType === 'ValidationError') return { invalid: error.fieldErrors };
    throw error; // error.requestId is what support asks for
  }
}
