import type { Router } from 'express';
import { presentShippingGroup } from '@commerce/api-presenters';
import { shipping } from '@commerce/contracts';
import type { BackendClients } from '../../../clients';
import { parseInput } from '../../../http/coerce';
import { ok } from '../../../http/envelope';
import { readParams } from '../../../http/input';
import { route } from '../../route';
import { pathId } from '../../path-id';
import { recordOf } from './shipping-answer';
import { createShippingGroupInput, updateShippingGroupInput } from './shipping.schemas';

const GROUP = 'Shipping group';
const render = (answer: { shipping_group?: shipping.ShippingGroup }) => presentShippingGroup(recordOf(answer.shipping_group, 'shipping_group'));

/** Spec 4.9. DELETE answers the deleted group; shipping refuses it (409) while a product uses the group. */
export function shippingGroupRoutes(router: Router, clients: BackendClients): void {
  router.get(
    '/shipping_groups',
    route(async (_req, res, { storeId, call }) => {
      const { shipping_groups } = await clients.shipping.listShippingGroups({ store_id: storeId }, call);
      ok(res, { shipping_groups: shipping_groups.map((group) => presentShippingGroup(group)) });
    }),
  );

  router.post(
    '/shipping_groups',
    route(async (req, res, { storeId, call }) => {
      const input = parseInput(createShippingGroupInput, readParams(req));
      ok(res, render(await clients.shipping.createShippingGroup({ store_id: storeId, ...input }, call)));
    }),
  );

  router.get(
    '/shipping_groups/:id',
    route(async (req, res, { storeId, call }) => {
      ok(res, render(await clients.shipping.getShippingGroup({ store_id: storeId, shipping_group_id: pathId(req, GROUP) }, call)));
    }),
  );

  router.put(
    '/shipping_groups/:id',
    route(async (req, res, { storeId, call }) => {
      const groupId = pathId(req, GROUP);
      const changes = parseInput(updateShippingGroupInput, readParams(req));
      const request = shipping.UpdateShippingGroupRequest.fromPartial({ store_id: storeId, shipping_group_id: groupId, ...changes });
      ok(res, render(await clients.shipping.updateShippingGroup(request, call)));
    }),
  );

  router.delete(
    '/shipping_groups/:id',
    route(async (req, res, { storeId, call }) => {
      ok(res, render(await clients.shipping.deleteShippingGroup({ store_id: storeId, shipping_group_id: pathId(req, GROUP) }, call)));
    }),
  );
}
