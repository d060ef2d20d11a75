import type { components } from '@commerce/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useClient } from '../api/client';
import { FieldError, FormError, FormProblems } from '../ui/field-errors';
import { formatTime } from '../ui/format';
import { HtmlPreview } from '../ui/html-preview';
import { useNotify } from '../ui/notices';
import { Failure, Loading } from '../ui/status';

type EmailTemplate = components['schemas']['EmailTemplate'];

const EMAIL_FIELDS = ['subject', 'body'];

/** One e-mail template (docs/dashboard.md#e-mail): its subject and HTML body in Liquid, previewed with a sample order. */
export function EmailTemplatePage(): ReactNode {
  const client = useClient();
  const id = useParams().id ?? '';
  const template = useQuery({
    queryKey: ['email-template', id],
    queryFn: async () => (await client.GET('/v1/store/email_templates/{id}', { params: { path: { id } } })).data.email_template,
  });
  if (template.isPending) return <Loading what="the e-mail template" />;
  if (template.isError) return <Failure error={template.error} retry={() => void template.refetch()} />;
  return <EmailTemplateEditor key={`${template.data.id}.${template.data.updated_at}`} template={template.data} />;
}

function EmailTemplateEditor({ template }: { template: EmailTemplate }): ReactNode {
  const client = useClient();
  const queries = useQueryClient();
  const notify = useNotify();
  const [markup, setMarkup] = useState({ subject: template.subject, body: template.body });
  const path = { params: { path: { id: template.id } } };
  const saved = (updated: EmailTemplate) => {
    queries.setQueryData(['email-template', template.id], updated);
    void queries.invalidateQueries({ queryKey: ['email-templates'] });
  };
  const preview = useMutation({
    mutationFn: async (unsaved: { subject?: string; body?: string }) =>
      (await client.POST('/v1/store/email_templates/{id}/preview', { ...path, body: unsaved })).data.preview,
  });
  const save = useMutation({
    mutationFn: async () => (await client.PUT('/v1/store/email_templates/{id}', { ...path, body: markup })).data.email_template,
    onSuccess: (updated) => {
      saved(updated);
      notify(`Saved the ${updated.name} e-mail.`);
    },
  });
  const reset = useMutation({
    mutationFn: async () => (await client.PUT('/v1/store/email_templates/{id}', { ...path, body: { reset: true } })).data.email_template,
    onSuccess: (updated) => {
      saved(updated);
      notify(`The ${updated.name} e-mail is the platform’s default again.`);
    },
  });
  const { mutate: show } = preview;
  useEffect(() => show({}), [show]);
  const failed = save.isError ? save.error : preview.isError ? preview.error : reset.isError ? reset.error : null;
  const problems = failed ? new FormProblems(failed, EMAIL_FIELDS) : FormProblems.none;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    preview.reset();
    save.mutate();
  };
  return (
    <article>
      <p>
        <Link to="/email">← E-mail</Link>
      </p>
      <h1>{template.name}</h1>
      <p>
        Sent to {template.recipient === 'store' ? 'the store’s support e-mail' : 'the buyer'}.{' '}
        {template.customized ? `Changed ${formatTime(template.updated_at)}.` : 'The platform’s default.'} The text part is made from the
        HTML.
      </p>
      <div className="editor">
        <form className="form" onSubmit={submit} aria-label="E-mail template">
          <FormError problems={problems} />
          <label>
            Subject (Liquid)
            <input
              name="subject"
              spellCheck={false}
              value={markup.subject}
              onChange={(event) => setMarkup({ ...markup, subject: event.target.value })}
              aria-describedby="subject-error"
              aria-invalid={problems.of('subject').length > 0}
            />
            <FieldError problems={problems} field="subject" />
          </label>
          <label>
            HTML body (Liquid)
            <textarea
              className="code"
              name="body"
              rows={18}
              spellCheck={false}
              value={markup.body}
              onChange={(event) => setMarkup({ ...markup, body: event.target.value })}
              aria-describedby="body-error"
              aria-invalid={problems.of('body').length > 0}
            />
            <FieldError problems={problems} field="body" />
          </label>
          <div className="actions">
            <button
              type="button"
              disabled={preview.isPending}
              onClick={() => {
                save.reset();
                reset.reset();
                preview.mutate(markup);
              }}
            >
              {preview.isPending ? 'Previewing…' : 'Preview'}
            </button>
            <button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save'}
            </button>
            {template.customized && (
              <button
                type="button"
                className="danger"
                disabled={reset.isPending}
                onClick={() => {
                  if (confirm(`Put the platform’s default ${template.name} e-mail back? Your changes to it are lost.`)) reset.mutate();
                }}
              >
                {reset.isPending ? 'Resetting…' : 'Use the default'}
              </button>
            )}
          </div>
        </form>
        <section aria-labelledby="preview-heading" className="preview">
          <h2 id="preview-heading">Preview</h2>
          <p role="status" className="preview-status">
            {preview.isPending
              ? 'Rendering the preview…'
              : preview.isError
                ? 'The preview could not be rendered: see what the form says.'
                : preview.data
                  ? 'With a sample order in the store’s currency.'
                  : ''}
          </p>
          {preview.data && (
            <>
              <p>
                <strong>Subject:</strong> <span id="preview-subject">{preview.data.subject}</span>
              </p>
              <HtmlPreview title={`Preview of the ${template.name} e-mail`} html={preview.data.html} />
              <details>
                <summary>Text part</summary>
                <pre className="text-part">{preview.data.text}</pre>
              </details>
            </>
          )}
        </section>
      </div>
    </article>
  );
}
