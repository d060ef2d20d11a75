import { notFound, validationFailed } from '@commerce/grpc-runtime';
import { sampleVariables } from './sample-order';
import { EMAIL_KIND_INFO, EMAIL_KINDS, isEmailKind, type EmailKind, type Recipient } from '../domain/email-kinds';
import type { EmailContent, NotificationsDeps, TemplateMarkup } from './notifications-deps';

type TemplateDeps = Pick<NotificationsDeps, 'templates' | 'defaults' | 'renderer' | 'storefront' | 'clock'>;

/** A template as the API shows it: the store's own markup where it changed it, else the default. */
export interface EmailTemplateView extends TemplateMarkup {
  id: EmailKind;
  name: string;
  recipient: Recipient;
  customized: boolean;
  updated_at: Date | null;
}

/** The markup a store's e-mail of `kind` is rendered with. */
export async function markupOf(
  deps: Pick<TemplateDeps, 'templates' | 'defaults'>,
  storeId: number,
  kind: EmailKind,
): Promise<TemplateMarkup> {
  const own = await deps.templates.find(storeId, kind);
  return own ? { subject: own.subject, body: own.body } : deps.defaults[kind];
}

/** Every kind's template, in the kinds' order: every store has them all, stores older than the service included. */
export async function listEmailTemplates(deps: TemplateDeps, storeId: number): Promise<EmailTemplateView[]> {
  const own = new Map((await deps.templates.ofStore(storeId)).map((template) => [template.kind, template]));
  return EMAIL_KINDS.map((kind) => viewOf(kind, own.get(kind) ?? null, deps));
}

export async function getEmailTemplate(deps: TemplateDeps, storeId: number, id: string): Promise<EmailTemplateView> {
  const kind = kindOf(id);
  return viewOf(kind, await deps.templates.find(storeId, kind), deps);
}

/**
 * Changes the subject and/or body, or puts the default back (`reset`). Markup that does not parse, is too long, or
 * fails when rendered with the sample order is refused with a 422 naming the field, and nothing is written.
 */
export async function updateEmailTemplate(
  deps: TemplateDeps,
  storeId: number,
  id: string,
  change: Partial<TemplateMarkup> & { reset?: boolean },
): Promise<EmailTemplateView> {
  const kind = kindOf(id);
  if (change.reset) {
    await deps.templates.remove(storeId, kind);
    return viewOf(kind, null, deps);
  }
  const markup = { ...(await markupOf(deps, storeId, kind)), ...definedOf(change) };
  await renderWithSample(deps, storeId, markup);
  const saved = { store_id: storeId, kind, ...markup, updated_at: deps.clock() };
  await deps.templates.save(saved);
  return viewOf(kind, saved, deps);
}

/** The template (or the unsaved markup given) rendered with a sample order in the store's currency. */
export async function previewEmailTemplate(
  deps: TemplateDeps,
  storeId: number,
  id: string,
  unsaved: Partial<TemplateMarkup>,
): Promise<EmailContent> {
  const kind = kindOf(id);
  return renderWithSample(deps, storeId, { ...(await markupOf(deps, storeId, kind)), ...definedOf(unsaved) });
}

async function renderWithSample(deps: TemplateDeps, storeId: number, markup: TemplateMarkup): Promise<EmailContent> {
  const problems = deps.renderer.check(markup);
  if (problems.length > 0) {
    throw validationFailed(Object.fromEntries(problems.map(({ field, description }) => [field, [description]])));
  }
  const store = await deps.storefront.storeProfile(storeId);
  if (!store) throw notFound('store');
  return deps.renderer.render(markup, sampleVariables(store));
}

function kindOf(id: string): EmailKind {
  if (!isEmailKind(id)) throw notFound('email template');
  return id;
}

const definedOf = (markup: Partial<TemplateMarkup>): Partial<TemplateMarkup> =>
  Object.fromEntries(Object.entries(markup).filter(([key, value]) => (key === 'subject' || key === 'body') && value !== undefined));

function viewOf(
  kind: EmailKind,
  own: { subject: string; body: string; updated_at: Date } | null,
  deps: Pick<TemplateDeps, 'defaults'>,
): EmailTemplateView {
  const { name, recipient } = EMAIL_KIND_INFO[kind];
  const markup = own ?? deps.defaults[kind];
  return {
    id: kind,
    name,
    recipient,
    subject: markup.subject,
    body: markup.body,
    customized: own !== null,
    updated_at: own?.updated_at ?? null,
  };
}
