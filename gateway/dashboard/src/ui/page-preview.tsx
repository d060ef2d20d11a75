import { useMutation, useQuery, type UseMutationResult } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useClient } from '../api/client';
import { HtmlPreview } from './html-preview';

/** Unsaved markup to preview instead of the saved one (docs/templates.md#preview); absent fields are the saved ones. */
export interface UnsavedMarkup {
  content?: string;
  css?: string;
  layout?: string;
  use_default_layout?: boolean;
}

interface Preview {
  html: string;
  path: string;
}

/** The store's page templates: the six defaults, then the custom pages, oldest first. */
export function useTemplates() {
  const client = useClient();
  return useQuery({ queryKey: ['templates'], queryFn: async () => (await client.GET('/v1/store/templates')).data.templates });
}

/**
 * A template's page as the buyer site renders it, from unsaved markup (POST /v1/store/templates/:id/preview): the
 * saved one is shown as soon as the template is known, and `mutate(unsaved)` shows the markup being edited.
 */
export function usePagePreview(templateId: number | undefined): UseMutationResult<Preview, Error, UnsavedMarkup> {
  const client = useClient();
  const preview = useMutation({
    mutationFn: async (unsaved: UnsavedMarkup) =>
      (await client.POST('/v1/store/templates/{id}/preview', { params: { path: { id: templateId ?? 0 } }, body: unsaved })).data.preview,
  });
  const { mutate } = preview;
  useEffect(() => {
    if (templateId !== undefined) mutate({});
  }, [templateId, mutate]);
  return preview;
}

const pathOf = (preview: Preview): string => (preview.path ? ` (${preview.path})` : '');

/** The preview in a sandboxed frame, with the page it shows; what went wrong is shown beside the field it names. */
export function PagePreview({ what, preview }: { what: string; preview: UseMutationResult<Preview, Error, UnsavedMarkup> }): ReactNode {
  return (
    <section aria-labelledby="preview-heading" className="preview">
      <h2 id="preview-heading">Preview</h2>
      <p role="status" className="preview-status">
        {preview.isPending
          ? 'Rendering the preview…'
          : preview.isError
            ? 'The preview could not be rendered: see what the form says.'
            : preview.data
              ? `As buyers would see ${what}${pathOf(preview.data)}, with your products. Links and forms do nothing here.`
              : ''}
      </p>
      {preview.data && <HtmlPreview title={`Preview of ${what}`} html={preview.data.html} />}
    </section>
  );
}
