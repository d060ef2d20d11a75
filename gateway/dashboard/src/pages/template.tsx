import type { components } from '@commerce/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { problemOf, useClient } from '../api/client';
import { FieldError, FormError, FormProblems } from '../ui/field-errors';
import { formatTime } from '../ui/format';
import { useNotify } from '../ui/notices';
import { PagePreview, usePagePreview, useTemplates } from '../ui/page-preview';
import { Failure, Loading } from '../ui/status';
import { sitePathOf } from './templates';

type Template = components['schemas']['Template'];

const TEMPLATE_FIELDS = ['name', 'permalink', 'content'];

/** One page template (docs/dashboard.md#page-templates): its Liquid (and a custom page's name and permalink), previewed. */
export function TemplatePage(): ReactNode {
  const id = Number(useParams().id);
  const templates = useTemplates();
  if (templates.isPending) return <Loading what="the page template" />;
  if (templates.isError) return <Failure error={templates.error} retry={() => void templates.refetch()} />;
  const template = templates.data.find((candidate) => candidate.id === id);
  if (!template) return <Failure error={new Error('There is no such page template.')} />;
  return <TemplateEditor key={template.id} template={template} />;
}

function TemplateEditor({ template }: { template: Template }): ReactNode {
  const client = useClient();
  const queries = useQueryClient();
  const notify = useNotify();
  const navigate = useNavigate();
  const custom = template.kind === 'custom';
  const [fields, setFields] = useState({ name: template.name, permalink: template.permalink, content: template.content });
  const preview = usePagePreview(template.id);
  const save = useMutation({
    mutationFn: async () =>
      (
        await client.PUT('/v1/store/templates/{id}', {
          params: { path: { id: template.id } },
          body: custom ? fields : { name: fields.name, content: fields.content },
        })
      ).data,
    onSuccess: (saved) => {
      void queries.invalidateQueries({ queryKey: ['templates'] });
      notify(`Saved “${saved.name}”.`);
      preview.mutate({});
    },
  });
  const remove = useMutation({
    mutationFn: async () => (await client.DELETE('/v1/store/templates/{id}', { params: { path: { id: template.id } } })).data,
    onSuccess: (deleted) => {
      queries.setQueryData<Template[]>(['templates'], (list) => list?.filter((each) => each.id !== deleted.id));
      notify(`Deleted the page “${deleted.name}”.`);
      navigate('/templates');
    },
    onError: (error) => notify(`The page was not deleted: ${problemOf(error)}`, 'refused'),
  });
  const failed = save.isError ? save.error : preview.isError ? preview.error : null;
  const problems = failed ? new FormProblems(failed, TEMPLATE_FIELDS) : FormProblems.none;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    preview.reset();
    save.mutate();
  };
  return (
    <article>
      <p>
        <Link to="/templates">← Pages</Link>
      </p>
      <h1>{template.name}</h1>
      <p>
        {custom ? 'Custom page' : 'Default template'}, shown at {sitePathOf(template)}. Updated {formatTime(template.updated_at)}.
      </p>
      <div className="editor">
        <form className="form" onSubmit={submit} aria-label="Page template">
          <FormError problems={problems} />
          <label>
            Name
            <input
              name="name"
              required
              value={fields.name}
              onChange={(event) => setFields({ ...fields, name: event.target.value })}
              aria-describedby="name-error"
              aria-invalid={problems.of('name').length > 0}
            />
            <FieldError problems={problems} field="name" />
          </label>
          {custom && (
            <label>
              Permalink
              <input
                name="permalink"
                required
                autoComplete="off"
                spellCheck={false}
                value={fields.permalink}
                onChange={(event) => setFields({ ...fields, permalink: event.target.value })}
                aria-describedby="permalink-error"
                aria-invalid={problems.of('permalink').length > 0}
              />
              <FieldError problems={problems} field="permalink" />
            </label>
          )}
          <label>
            Content (Liquid)
            <textarea
              className="code"
              name="content"
              rows={18}
              spellCheck={false}
              value={fields.content}
              onChange={(event) => setFields({ ...fields, content: event.target.value })}
              aria-describedby="content-error"
              aria-invalid={problems.of('content').length > 0}
            />
            <FieldError problems={problems} field="content" />
          </label>
          <div className="actions">
            <button
              type="button"
              disabled={preview.isPending}
              onClick={() => {
                save.reset();
                preview.mutate({ content: fields.content });
              }}
            >
              {preview.isPending ? 'Previewing…' : 'Preview'}
            </button>
            <button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save'}
            </button>
            {custom && (
              <button
                type="button"
                className="danger"
                disabled={remove.isPending}
                onClick={() => {
                  if (confirm(`Delete the page “${template.name}”? /pages/${template.permalink} will be gone from the site.`))
                    remove.mutate();
                }}
              >
                {remove.isPending ? 'Deleting…' : 'Delete page'}
              </button>
            )}
          </div>
        </form>
        <PagePreview what={`the ${template.name} page`} preview={preview} />
      </div>
    </article>
  );
}
