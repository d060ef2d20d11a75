import type { shipping } from '@commerce/contracts';
import { notFound } from '@commerce/grpc-runtime';
import { defaultGroup, findClass, findGroup } from '../domain/store-shipping';
import type { ShippingDeps } from './shipping-deps';
import { toClassMessage, toGroupMessage } from './shipping-message';

type Reads = Pick<ShippingDeps, 'repository'>;

// A record of another store is simply absent from this store's configuration: NOT_FOUND, never a hint.

export async function listShippingGroups(deps: Reads, storeId: number): Promise<shipping.ShippingGroup[]> {
  const { shipping: config } = await deps.repository.load(storeId);
  return config.groups.map((group) => toGroupMessage(config, group));
}

export async function getShippingGroup(deps: Reads, storeId: number, groupId: number): Promise<shipping.ShippingGroup> {
  const { shipping: config } = await deps.repository.load(storeId);
  const group = findGroup(config, groupId);
  if (!group) throw notFound('Shipping group');
  return toGroupMessage(config, group);
}

export async function listShippingClasses(deps: Reads, storeId: number): Promise<shipping.ShippingClass[]> {
  const { shipping: config } = await deps.repository.load(storeId);
  return config.classes.map((cls) => toClassMessage(config, cls));
}

export async function getShippingClass(deps: Reads, storeId: number, classId: number): Promise<shipping.ShippingClass> {
  const { shipping: config } = await deps.repository.load(storeId);
  const cls = findClass(config, classId);
  if (!cls) throw notFound('Shipping class');
  return toClassMessage(config, cls);
}

/** The store's lowest-id group, or undefined when it has none (catalog then creates the product without one). */
export async function getDefaultShippingGroup(deps: Reads, storeId: number): Promise<shipping.ShippingGroup | undefined> {
  const { shipping: config } = await deps.repository.load(storeId);
  const group = defaultGroup(config);
  return group && toGroupMessage(config, group);
}
