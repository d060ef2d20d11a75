import type { Router } from 'express';
import { presentShippingGroup } from '@commerce/api-presenters';
import { shipping } from '@commerce/contracts';
import type { BackendClients } from '../../../clients';
import { ok } from '../../../http/envelope';
import { refusePaging } from '../../../http/page-params';
import { dataAnswer, listAnswer, shippingGroupJson } from '../../../openapi/answers';
import { operation } from '../../../openapi/operation';
import { pathId } from '../../path-id';
import { recordOf } from './shipping-answer';
import { createShippingGroupInput, updateShippingGroupInput } from './shipping.schemas';

const GROUP = 'Shipping group';
const render = (answer: { shipping_group?: shipping.ShippingGroup }) =>
  presentShippingGroup(recordOf(answer.shipping_group, 'shipping_group'));

/**
 * docs/shipping.md#a-group-in-use-cannot-be-deleted. DELETE answers the deleted group; shipping refuses it (409) while a product uses the
 * group.
 */
export function shippingGroupRoutes(router: Router, clients: BackendClients): void {
  router.get(
    '/shipping_groups',
    operation(
      {
        summary: 'List shipping groups',
        description: 'Every shipping group of the store, by id, each with its rates. Unpaged (a store has at most 250).',
        tag: 'Shipping',
        auth: 'store',
        answer: listAnswer('shipping_groups', shippingGroupJson),
      },
      async (req, res, { storeId, call }) => {
        refusePaging(req);
        const { shipping_groups } = await clients.shipping.listShippingGroups({ store_id: storeId }, call);
        ok(res, { shipping_groups: shipping_groups.map((group) => presentShippingGroup(group)) });
      },
    ),
  );

  router.post(
    '/shipping_groups',
    operation(
      {
        summary: 'Create a shipping group',
        description: 'A group that prices shipping for one kind of product; `rates` sets its rate with each shipping class named.',
        tag: 'Shipping',
        auth: 'store',
        input: createShippingGroupInput,
        answer: dataAnswer(shippingGroupJson),
      },
      async (_req, res, { storeId, call, input }) => {
        ok(res, render(await clients.shipping.createShippingGroup({ store_id: storeId, ...input() }, call)));
      },
    ),
  );

  router.get(
    '/shipping_groups/:id',
    operation(
      {
        summary: 'Get a shipping group',
        description: 'One shipping group with its rates, by class id.',
        tag: 'Shipping',
        auth: 'store',
        answer: dataAnswer(shippingGroupJson),
      },
      async (req, res, { storeId, call }) => {
        ok(res, render(await clients.shipping.getShippingGroup({ store_id: storeId, shipping_group_id: pathId(req, GROUP) }, call)));
      },
    ),
  );

  router.put(
    '/shipping_groups/:id',
    operation(
      {
        summary: 'Update a shipping group',
        description:
          "Changes the fields sent. `rates` upserts: each class named gets that rate, the group's other rates stay, and " +
          'an empty list changes none.',
        tag: 'Shipping',
        auth: 'store',
        input: updateShippingGroupInput,
        answer: dataAnswer(shippingGroupJson),
      },
      async (req, res, { storeId, call, input }) => {
        const groupId = pathId(req, GROUP);
        const changes = input();
        const request = shipping.UpdateShippingGroupRequest.fromPartial({ store_id: storeId, shipping_group_id: groupId, ...changes });
        ok(res, render(await clients.shipping.updateShippingGroup(request, call)));
      },
    ),
  );

  router.delete(
    '/shipping_groups/:id',
    operation(
      {
        summary: 'Delete a shipping group',
        description: 'Answers the deleted group; 409 while a product uses it.',
        tag: 'Shipping',
        auth: 'store',
        answer: dataAnswer(shippingGroupJson),
      },
      async (req, res, { storeId, call }) => {
        ok(res, render(await clients.shipping.deleteShippingGroup({ store_id: storeId, shipping_group_id: pathId(req, GROUP) }, call)));
      },
    ),
  );
}
