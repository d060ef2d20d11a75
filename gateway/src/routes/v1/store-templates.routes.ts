import type { Router } from 'express';
import { z } from 'zod';
import { presentTemplate } from '@commerce/api-presenters';
import { storefront } from '@commerce/contracts';
import type { BackendClients } from '../../clients';
import { ok } from '../../http/envelope';
import { refusePaging } from '../../http/page-params';
import { dataAnswer, listAnswer, templateJson } from '../../openapi/answers';
import { operation } from '../../openapi/operation';
import { pathId } from '../path-id';
import { createTemplateInput, previewTemplateInput, updateTemplateInput } from './store-templates.schemas';

const previewJson = z.strictObject({
  preview: z.strictObject({
    html: z.string().meta({ description: "the whole page, in the layout; the store's css linked as a data: URL" }),
    path: z.string().meta({
      description:
        'the site-relative path of the page shown (`/`, `/products/12`, `/pages/about-us`); empty when the store has no ' +
        'record to show it with',
    }),
  }),
});

/** A templates answer holding one template, and the store's zone its timestamps render in. */
interface TemplateAnswer {
  template?: storefront.Template;
  time_zone: string;
}

/** `data` of a single-template answer; a missing record is a backend bug, so a 500 (logged). */
function renderTemplate(answer: TemplateAnswer) {
  if (!answer.template) throw new Error('storefront answered without a template');
  return presentTemplate(answer.template, answer.time_zone);
}

/**
 * The store's page templates (docs/templates.md#routes, docs/templates.md#the-record): each route is input → one TemplateService call →
 * presentTemplate.
 */
export function storeTemplatesRoutes(router: Router, clients: BackendClients): void {
  router.get(
    '/store/templates',
    operation(
      {
        summary: "List the store's page templates",
        description:
          'The six default templates (Home, Collection, Product, Contact, FAQ, Maintenance), then the custom ones, oldest first. Unpaged.',
        tag: 'Store',
        auth: 'store',
        answer: listAnswer('templates', templateJson),
      },
      async (req, res, { storeId, call }) => {
        refusePaging(req);
        const answer = await clients.templates.listTemplates({ store_id: storeId }, call);
        ok(res, { templates: answer.templates.map((template) => presentTemplate(template, answer.time_zone)) });
      },
    ),
  );

  router.post(
    '/store/templates',
    operation(
      {
        summary: 'Create a page template',
        description:
          "A custom page, served on the store's site at `/pages/<permalink>`. The permalink is made from the name when " +
          'absent and is unique in the store; the Liquid `content` is checked, and a syntax error is a 422.',
        tag: 'Store',
        auth: 'store',
        input: createTemplateInput,
        answer: dataAnswer(templateJson),
      },
      async (_req, res, { storeId, call, input }) => {
        ok(res, renderTemplate(await clients.templates.createTemplate({ store_id: storeId, ...input() }, call)));
      },
    ),
  );

  router.put(
    '/store/templates/:id',
    operation(
      {
        summary: 'Update a page template',
        description: 'Changes the fields sent (`name`, `permalink`, `content`); the others stay. The content is checked as on create.',
        tag: 'Store',
        auth: 'store',
        input: updateTemplateInput,
        answer: dataAnswer(templateJson),
      },
      async (req, res, { storeId, call, input }) => {
        const templateId = pathId(req, 'Template');
        const changes = input();
        const request = storefront.UpdateTemplateRequest.fromPartial({ store_id: storeId, template_id: templateId, ...changes });
        ok(res, renderTemplate(await clients.templates.updateTemplate(request, call)));
      },
    ),
  );

  router.delete(
    '/store/templates/:id',
    operation(
      {
        summary: 'Delete a page template',
        description:
          'Deletes a custom template (its page is gone from the site, its permalink free at once) and answers it as it was. ' +
          "The six defaults can't be deleted: 409. Publishes `template/deleted`.",
        tag: 'Store',
        auth: 'store',
        answer: dataAnswer(templateJson),
      },
      async (req, res, { storeId, call }) => {
        const request = { store_id: storeId, template_id: pathId(req, 'Template') };
        ok(res, renderTemplate(await clients.templates.deleteTemplate(request, call)));
      },
    ),
  );

  router.post(
    '/store/templates/:id/preview',
    operation(
      {
        summary: 'Preview a page template',
        description:
          "The template's page rendered as the buyer site renders it, with the store's products and collections: its saved " +
          'markup, or the `content`, `css`, `layout` and `use_default_layout` sent, unsaved. Changes nothing, so `store_read` ' +
          'is enough; markup that does not parse or fails as it renders is a 422 on `content` or `layout`.',
        tag: 'Store',
        auth: 'store',
        scope: 'store_read',
        idempotencyKey: false,
        input: previewTemplateInput,
        answer: dataAnswer(previewJson),
      },
      async (req, res, { storeId, call, input }) => {
        const request = storefront.PreviewTemplateRequest.fromPartial({
          store_id: storeId,
          template_id: pathId(req, 'Template'),
          ...input(),
        });
        const { html, path } = await clients.templates.previewTemplate(request, call);
        ok(res, { preview: { html, path } });
      },
    ),
  );
}
