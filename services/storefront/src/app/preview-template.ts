import { checkedChanges, clipText, ECHO_LIMITS, notFound, validationFailed } from '@commerce/grpc-runtime';
import { routeOf } from '../domain/page-routes';
import { storeFields } from '../domain/store';
import type { TemplateRecord } from '../domain/template';
import { liquidSyntaxError, templateFields } from '../domain/template-input';
import { previewPathOf, stylesheetDataUrl } from '../domain/template-preview';
import { getStore } from './get-store';
import {
  commonVariables,
  composePage,
  maintenance,
  NO_VARIABLES,
  pageBody,
  PageMarkupError,
  type PageBody,
  type RenderPageInput,
} from './render-page';
import { templatesOf } from './store-templates';
import type { StoreTemplates, StorefrontDeps } from './storefront-deps';

type PreviewDeps = Pick<
  StorefrontDeps,
  'stores' | 'templates' | 'nextId' | 'clock' | 'storeDefaults' | 'engine' | 'catalogs' | 'orders' | 'notifications' | 'logger'
>;

/** Unsaved markup to preview instead of the saved one; absent fields are the saved ones. */
export interface UnsavedMarkup {
  content?: string;
  css?: string;
  layout?: string;
  use_default_layout?: boolean;
}

export interface TemplatePreview {
  html: string;
  /** The page shown (domain/template-preview.ts); '' when the store has no record to show the template with. */
  path: string;
}

/**
 * A template rendered as the buyer site renders its page (docs/templates.md#preview), with the store's real data and
 * the unsaved markup given: the page the template renders, in the layout, the css linked as a data: URL. A closed store
 * still previews its pages (the Maintenance template previews the closed site). Nothing is written, cached or counted;
 * markup that does not parse or fails as it renders is a 422 on its field, `content` or `layout`.
 */
export async function previewTemplate(
  deps: PreviewDeps,
  storeId: number,
  templateId: number,
  unsaved: UnsavedMarkup,
): Promise<TemplatePreview> {
  const saved = await getStore(deps, storeId);
  const templates = await templatesOf(deps, storeId);
  const current = templates.find((template) => template.id === templateId);
  if (!current) throw notFound('template');
  const { content } = checkedChanges(templateFields(current), definedOf({ content: unsaved.content }));
  const storeChanges = checkedChanges(storeFields(), definedOf({ css: unsaved.css, layout: unsaved.layout }));
  const store = {
    ...saved,
    ...storeChanges,
    ...definedOf({ use_default_layout: unsaved.use_default_layout }),
    storefront_open: current.kind !== 'maintenance',
  };
  const layoutError = store.use_default_layout ? null : liquidSyntaxError(store.layout);
  if (layoutError) throw validationFailed({ layout: [layoutError] });

  const template: TemplateRecord = { ...current, content: content ?? current.content };
  const site: StoreTemplates = { storeId, templates: templates.map((each) => (each.id === template.id ? template : each)) };
  const { catalog } = await deps.catalogs.catalogOf(storeId);
  const path = previewPathOf(template, catalog);
  const input = previewRequest(storeId, path);
  const route = routeOf(path || '/');
  const common = commonVariables(store, site.templates, catalog, input, route);
  const variables = { ...common, links: { ...common.links, css: stylesheetDataUrl(store.css) } };
  const page: PageBody = !path
    ? { status: 200, title: template.name, template, variables: NO_VARIABLES }
    : store.storefront_open
      ? await pageBody(deps, site, catalog, input, route, variables)
      : maintenance(site.templates, deps.storeDefaults);

  const engine = deps.engine.forPreview();
  try {
    const html = await composePage(engine, { store, site }, page, variables, (shown, pageVariables) =>
      engine.renderTemplate(site, shown, pageVariables()),
    );
    return { html, path };
  } catch (error) {
    if (!(error instanceof PageMarkupError)) throw error;
    throw validationFailed({ [error.part === 'layout' ? 'layout' : 'content']: [`can't be rendered: ${firstLineOf(error.message)}`] });
  }
}

/** A request of the page with nothing of a buyer's: no cart, no checkout, no order, no page view. */
function previewRequest(storeId: number, path: string): RenderPageInput {
  return {
    store_id: storeId,
    path: path || '/',
    base_path: '',
    query: {},
    cart: [],
    csrf_token: '',
    order_id: 0,
    checkout_error: '',
    field_errors: [],
    checkout_form: {},
    checkout_quote: null,
    visitor_id: '',
    user_agent: '',
    referer: '',
    client_address: '',
    page_view: false,
  };
}

const definedOf = <T extends Record<string, unknown>>(fields: T): Partial<T> =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;

/** What a Liquid error says, on one bounded line: liquidjs appends the markup around the error on lines of its own. */
const firstLineOf = (message: string): string =>
  clipText((message.split('\n')[0] ?? '').trim() || 'the markup failed', ECHO_LIMITS.excerptChars * 3);
