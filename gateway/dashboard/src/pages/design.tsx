import type { components } from '@commerce/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useClient, useStore } from '../api/client';
import { FieldError, FormError, FormProblems } from '../ui/field-errors';
import { useNotify } from '../ui/notices';
import { SettingsNav } from '../ui/settings-nav';
import { Failure, Loading } from '../ui/status';
import { PagePreview, usePagePreview, useTemplates } from '../ui/page-preview';

type Store = components['schemas']['Store'];

const DESIGN_FIELDS = ['css', 'layout', 'use_default_layout'];

/**
 * Design (docs/dashboard.md#design): the store's stylesheet and layout, edited as text, previewed on the Home page as
 * the buyer site renders it, then saved with PUT /v1/store.
 */
export function Design(): ReactNode {
  const store = useStore();
  return (
    <section>
      <h1>Design</h1>
      <SettingsNav />
      {store.isPending ? (
        <Loading what="the store" />
      ) : store.isError ? (
        <Failure error={store.error} retry={() => void store.refetch()} />
      ) : (
        <DesignForm store={store.data} />
      )}
    </section>
  );
}

function DesignForm({ store }: { store: Store }): ReactNode {
  const client = useClient();
  const queries = useQueryClient();
  const notify = useNotify();
  const [design, setDesign] = useState({ css: store.css, layout: store.layout, use_default_layout: store.use_default_layout });
  const templates = useTemplates();
  const home = templates.data?.find((template) => template.kind === 'home');
  const preview = usePagePreview(home?.id);
  const save = useMutation({
    mutationFn: async () => (await client.PUT('/v1/store', { body: design })).data,
    onSuccess: (updated) => {
      queries.setQueryData(['store'], updated);
      notify('Design saved.');
    },
  });
  const failed = save.isError ? save.error : preview.isError ? preview.error : null;
  const problems = failed ? new FormProblems(failed, DESIGN_FIELDS) : FormProblems.none;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    preview.reset();
    save.mutate();
  };
  return (
    <div className="editor">
      <form className="form" onSubmit={submit} aria-label="Design">
        <FormError problems={problems} />
        <label className="check">
          <input
            type="checkbox"
            checked={design.use_default_layout}
            onChange={(event) => setDesign({ ...design, use_default_layout: event.target.checked })}
          />{' '}
          Use the platform’s layout (its header, navigation and footer) instead of the layout below
        </label>
        <label>
          <span>
            Layout (Liquid; <code>{'{{ content_for_layout }}'}</code> is where each page goes)
          </span>
          <textarea
            className="code"
            name="layout"
            rows={14}
            spellCheck={false}
            value={design.layout}
            onChange={(event) => setDesign({ ...design, layout: event.target.value })}
            aria-describedby="layout-error"
            aria-invalid={problems.of('layout').length > 0}
          />
          <FieldError problems={problems} field="layout" />
        </label>
        <label>
          Stylesheet (CSS)
          <textarea
            className="code"
            name="css"
            rows={14}
            spellCheck={false}
            value={design.css}
            onChange={(event) => setDesign({ ...design, css: event.target.value })}
            aria-describedby="css-error"
            aria-invalid={problems.of('css').length > 0}
          />
          <FieldError problems={problems} field="css" />
        </label>
        <div className="actions">
          <button
            type="button"
            disabled={!home || preview.isPending}
            onClick={() => {
              save.reset();
              preview.mutate(design);
            }}
          >
            {preview.isPending ? 'Previewing…' : 'Preview'}
          </button>
          <button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save design'}
          </button>
        </div>
      </form>
      <PagePreview what="the Home page" preview={preview} />
    </div>
  );
}
