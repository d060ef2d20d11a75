import type { shipping } from '@commerce/contracts';
import { notFound } from '@commerce/grpc-runtime';
import { findClass } from '../domain/store-shipping';
import type { ShippingDeps } from './shipping-deps';
import { toClassMessage } from './shipping-message';

/** One of the store's classes; a class of another store is simply absent from this store's configuration: NOT_FOUND, never a hint. */
export async function getShippingClass(
  deps: Pick<ShippingDeps, 'repository'>,
  storeId: number,
  classId: number,
): Promise<shipping.ShippingClass> {
  const { shipping: config } = await deps.repository.load(storeId);
  const cls = findClass(config, classId);
  if (!cls) throw notFound('Shipping class');
  return toClassMessage(config, cls);
}
