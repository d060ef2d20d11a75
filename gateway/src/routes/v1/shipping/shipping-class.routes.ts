import type { Router } from 'express';
import { presentShippingClass } from '@commerce/api-presenters';
import { shipping } from '@commerce/contracts';
import type { BackendClients } from '../../../clients';
import { ok } from '../../../http/envelope';
import { refusePaging } from '../../../http/page-params';
import { dataAnswer, listAnswer, shippingClassJson } from '../../../openapi/answers';
import { operation } from '../../../openapi/operation';
import { pathId } from '../../path-id';
import { recordOf } from './shipping-answer';
import { createShippingClassInput, updateShippingClassInput } from './shipping.schemas';

const CLASS = 'Shipping class';
const render = (answer: { shipping_class?: shipping.ShippingClass }) =>
  presentShippingClass(recordOf(answer.shipping_class, 'shipping_class'));

/** docs/shipping.md#shipping-classes. Deleting a class also deletes its rates. */
export function shippingClassRoutes(router: Router, clients: BackendClients): void {
  router.get(
    '/shipping_classes',
    operation(
      {
        summary: 'List shipping classes',
        description: 'Every shipping class of the store, by id, each with its countries and rates. Unpaged (a store has at most 250).',
        tag: 'Shipping',
        auth: 'store',
        answer: listAnswer('shipping_classes', shippingClassJson),
      },
      async (req, res, { storeId, call }) => {
        refusePaging(req);
        const { shipping_classes } = await clients.shipping.listShippingClasses({ store_id: storeId }, call);
        ok(res, { shipping_classes: shipping_classes.map(presentShippingClass) });
      },
    ),
  );

  router.post(
    '/shipping_classes',
    operation(
      {
        summary: 'Create a shipping class',
        description:
          'A shipping option offered to buyers in its `countries` (ISO 3166-1 alpha-2 codes; an empty list ships ' +
          'nowhere); `rates` sets its rate with each group named.',
        tag: 'Shipping',
        auth: 'store',
        input: createShippingClassInput,
        answer: dataAnswer(shippingClassJson),
      },
      async (_req, res, { storeId, call, input }) => {
        ok(res, render(await clients.shipping.createShippingClass({ store_id: storeId, ...input() }, call)));
      },
    ),
  );

  router.get(
    '/shipping_classes/:id',
    operation(
      {
        summary: 'Get a shipping class',
        description: 'One shipping class with its countries and its rates, by group id.',
        tag: 'Shipping',
        auth: 'store',
        answer: dataAnswer(shippingClassJson),
      },
      async (req, res, { storeId, call }) => {
        ok(res, render(await clients.shipping.getShippingClass({ store_id: storeId, shipping_class_id: pathId(req, CLASS) }, call)));
      },
    ),
  );

  router.put(
    '/shipping_classes/:id',
    operation(
      {
        summary: 'Update a shipping class',
        description: "Changes the fields sent: `countries` replaces the list, and `rates` upserts as a group's does.",
        tag: 'Shipping',
        auth: 'store',
        input: updateShippingClassInput,
        answer: dataAnswer(shippingClassJson),
      },
      async (req, res, { storeId, call, input }) => {
        const classId = pathId(req, CLASS);
        const changes = input();
        const request = shipping.UpdateShippingClassRequest.fromPartial({ store_id: storeId, shipping_class_id: classId, ...changes });
        ok(res, render(await clients.shipping.updateShippingClass(request, call)));
      },
    ),
  );

  router.delete(
    '/shipping_classes/:id',
    operation(
      {
        summary: 'Delete a shipping class',
        description: 'Answers the deleted class; its rates go with it.',
        tag: 'Shipping',
        auth: 'store',
        answer: dataAnswer(shippingClassJson),
      },
      async (req, res, { storeId, call }) => {
        ok(res, render(await clients.shipping.deleteShippingClass({ store_id: storeId, shipping_class_id: pathId(req, CLASS) }, call)));
      },
    ),
  );
}
