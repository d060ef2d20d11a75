import type { storefront } from '@commerce/contracts';
import { requireStoreId, validationFailed, type ServiceHandlers } from '@commerce/grpc-runtime';
import { createTemplate } from '../app/create-template';
import { deleteTemplate } from '../app/delete-template';
import { listTemplates } from '../app/list-templates';
import { previewTemplate } from '../app/preview-template';
import type { StorefrontDeps } from '../app/storefront-deps';
import { toTemplateMessage } from '../app/template-message';
import { updateTemplate } from '../app/update-template';
import type { TemplateRecord } from '../domain/template';

/** Thin: request → use case → response (TemplateService, docs/templates.md#routes). */
export function templateHandlers(deps: StorefrontDeps): ServiceHandlers<typeof storefront.TemplateServiceService> {
  const render = ({ template, timeZone }: { template: TemplateRecord; timeZone: string }) => ({
    template: toTemplateMessage(template),
    time_zone: timeZone,
  });
  return {
    listTemplates: async (request) => {
      const { templates, timeZone } = await listTemplates(deps, requireStoreId(request.store_id));
      return { templates: templates.map(toTemplateMessage), time_zone: timeZone };
    },
    createTemplate: async (request) => render(await createTemplate(deps, requireStoreId(request.store_id), request)),
    updateTemplate: async (request) => {
      const storeId = requireStoreId(request.store_id);
      if (!(request.template_id > 0)) throw validationFailed({ id: ['must be a positive integer'] });
      const changes = Object.fromEntries(
        Object.entries({ name: request.name, permalink: request.permalink, content: request.content }).filter(
          ([, value]) => value !== undefined,
        ),
      );
      return render(await updateTemplate(deps, storeId, request.template_id, changes));
    },
    deleteTemplate: async (request) => {
      const storeId = requireStoreId(request.store_id);
      if (!(request.template_id > 0)) throw validationFailed({ id: ['must be a positive integer'] });
      return render(await deleteTemplate(deps, storeId, request.template_id));
    },
    previewTemplate: async (request) => {
      const storeId = requireStoreId(request.store_id);
      if (!(request.template_id > 0)) throw validationFailed({ id: ['must be a positive integer'] });
      const { content, css, layout, use_default_layout } = request;
      return previewTemplate(deps, storeId, request.template_id, { content, css, layout, use_default_layout });
    },
  };
}
