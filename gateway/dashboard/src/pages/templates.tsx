import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useClient } from '../api/client';
import { FieldError, FormError, FormProblems } from '../ui/field-errors';
import { formatTime } from '../ui/format';
import { useNotify } from '../ui/notices';
import { useTemplates } from '../ui/page-preview';
import { SettingsNav } from '../ui/settings-nav';
import { Badge, Failure, Loading } from '../ui/status';

/** Where a template's page is on the site (docs/buyer-site.md#pages). */
export function sitePathOf(template: { kind: string; permalink: string }): string {
  switch (template.kind) {
    case 'home':
      return '/';
    case 'product':
      return '/products/…';
    case 'collection':
      return '/collections/…';
    case 'contact':
    case 'faq':
      return `/${template.kind}`;
    case 'maintenance':
      return 'every page, while the site is closed';
    default:
      return `/pages/${template.permalink}`;
  }
}

/** Page templates (docs/dashboard.md#page-templates): the six defaults, then the custom pages. */
export function Templates(): ReactNode {
  const templates = useTemplates();
  return (
    <section>
      <div className="heading">
        <h1>Pages</h1>
        <Link className="button" to="/templates/new">
          Add page
        </Link>
      </div>
      <SettingsNav />
      <p>Each page of the site is made from its template, in Liquid. Custom pages are served at /pages/&lt;permalink&gt;.</p>
      {templates.isPending ? (
        <Loading what="page templates" />
      ) : templates.isError ? (
        <Failure error={templates.error} retry={() => void templates.refetch()} />
      ) : (
        <div className="table-scroll">
          <table className="list">
            <thead>
              <tr>
                <th scope="col">Template</th>
                <th scope="col">Kind</th>
                <th scope="col">Address</th>
                <th scope="col">Updated</th>
              </tr>
            </thead>
            <tbody>
              {templates.data.map((template) => (
                <tr key={template.id}>
                  <td>
                    <Link to={`/templates/${template.id}`}>{template.name}</Link>
                  </td>
                  <td>
                    <Badge value={template.kind === 'custom' ? 'custom page' : 'default'} />
                  </td>
                  <td>{sitePathOf(template)}</td>
                  <td>{formatTime(template.updated_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

const NEW_FIELDS = ['name', 'permalink', 'content'];

/** A new custom page: its name, permalink (made from the name when empty) and Liquid; its editor opens once it exists. */
export function NewTemplate(): ReactNode {
  const client = useClient();
  const queries = useQueryClient();
  const navigate = useNavigate();
  const notify = useNotify();
  const create = useMutation({
    mutationFn: async (form: FormData) =>
      (
        await client.POST('/v1/store/templates', {
          body: {
            name: String(form.get('name') ?? ''),
            permalink: String(form.get('permalink') ?? ''),
            content: String(form.get('content') ?? ''),
          },
        })
      ).data,
    onSuccess: (template) => {
      void queries.invalidateQueries({ queryKey: ['templates'] });
      notify(`Page “${template.name}” created at /pages/${template.permalink}.`);
      navigate(`/templates/${template.id}`);
    },
  });
  const problems = create.isError ? new FormProblems(create.error, NEW_FIELDS) : FormProblems.none;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    create.mutate(new FormData(event.currentTarget));
  };
  return (
    <section>
      <p>
        <Link to="/templates">← Pages</Link>
      </p>
      <h1>Add page</h1>
      <form className="form" onSubmit={submit} aria-label="New page">
        <FormError problems={problems} />
        <label>
          Name
          <input name="name" required aria-describedby="name-error" aria-invalid={problems.of('name').length > 0} />
          <FieldError problems={problems} field="name" />
        </label>
        <label>
          Permalink (empty: made from the name)
          <input
            name="permalink"
            autoComplete="off"
            spellCheck={false}
            aria-describedby="permalink-error"
            aria-invalid={problems.of('permalink').length > 0}
          />
          <FieldError problems={problems} field="permalink" />
        </label>
        <label>
          Content (Liquid)
          <textarea
            className="code"
            name="content"
            rows={12}
            spellCheck={false}
            defaultValue={'<h1>{{ page.title }}</h1>\n'}
            aria-describedby="content-error"
            aria-invalid={problems.of('content').length > 0}
          />
          <FieldError problems={problems} field="content" />
        </label>
        <button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create page'}
        </button>
      </form>
    </section>
  );
}
