import type { BuiltInPageName } from '../domain/built-in-pages';
import { DEFAULT_TEMPLATES, type DefaultTemplateKind, type StoreDefaults } from '../domain/default-templates';
import { routeOf, type PageRoute } from '../domain/page-routes';
import { receiptVariables, type OrderReceipt } from '../domain/order-receipt';
import { checkoutVariables, orderVariables, type CheckoutInput } from '../domain/page-forms';
import {
  cartVariables,
  collectionVariables,
  customPagesOf,
  linksOf,
  paginate,
  productVariables,
  storeVariables,
  type CartLineInput,
} from '../domain/site-variables';
import type { StoreRecord } from '../domain/store';
import type { StoreDocument } from '../infra/store.repository';
import { productsOf, type StoreCatalog } from '../domain/store-catalog';
import type { TemplateRecord } from '../domain/template';
import { trackingVisitorReads } from './page-content-cache';
import type { PageEngine, StoreTemplates, StorefrontDeps } from './storefront-deps';
import { templatesOf } from './store-templates';

/** What rendering a page uses. */
type PageDeps = Pick<
  StorefrontDeps,
  | 'stores'
  | 'templates'
  | 'nextId'
  | 'clock'
  | 'storeDefaults'
  | 'pageViews'
  | 'engine'
  | 'catalogs'
  | 'orders'
  | 'notifications'
  | 'pageContents'
  | 'logger'
>;

export const HTML = 'text/html; charset=utf-8';
export const CSS = 'text/css; charset=utf-8';

/** What the gateway asks for (the RenderPage request, proto comments). */
export interface RenderPageInput extends CheckoutInput {
  store_id: number;
  path: string;
  base_path: string;
  query: Record<string, string>;
  cart: CartLineInput[];
  csrf_token: string;
  order_id: number;
  visitor_id: string;
  user_agent: string;
  referer: string;
  client_address: string;
  /** False for a HEAD: the page renders without counting. */
  page_view: boolean;
}

export interface RenderedPage {
  status: number;
  content_type: string;
  body: string;
}

/** The page's own part, before the layout wraps it; `variables` are built only if the content is rendered. */
export type PageBody = { status: number; title: string; variables: () => Record<string, unknown>; kind?: 'not_found' | 'maintenance' } & (
  { template: TemplateRecord } | { builtIn: BuiltInPageName }
);

/** What one page's content is rendered from, beyond its template and variables: the part of its cache key. */
interface PageInputs {
  store: StoreDocument;
  site: StoreTemplates;
  catalogVersion: number;
  route: PageRoute;
  base: string;
  path: string;
}

/**
 * One page of a store's buyer site (docs/buyer-site.md#pages): the page the path names, rendered from the store's template of its
 * kind (or the platform's page for cart, checkout, confirmation and not found) inside the store's layout, or the
 * built-in one. A closed store answers its Maintenance template with 503 (its stylesheet still 200); an unknown store,
 * product, collection or page is the not-found page with 404; a template that fails (a syntax error, a limit hit) is an
 * error page with 500. Every page answered 200 (not the stylesheet), except to a HEAD, is a page view.
 */
export async function renderPage(deps: PageDeps, input: RenderPageInput): Promise<RenderedPage> {
  const route = routeOf(input.path, input.query);
  const store = input.store_id > 0 ? await deps.stores.findById(input.store_id) : null;
  if (!store) return { status: 404, content_type: HTML, body: await deps.engine.renderBuiltIn('unknown_store', {}) };
  if (route.kind === 'stylesheet') return { status: 200, content_type: CSS, body: store.css };

  const site: StoreTemplates = { storeId: store.id, templates: await templatesOf(deps, store.id) };
  const { version: catalogVersion, catalog } = await deps.catalogs.catalogOf(store.id);
  const common = commonVariables(store, site.templates, catalog, input, route);
  const page = store.storefront_open
    ? await pageBody(deps, site, catalog, input, route, common)
    : maintenance(site.templates, deps.storeDefaults);
  const rendered = await renderInLayout(
    deps,
    { store, site, catalogVersion, route, base: input.base_path, path: input.path },
    page,
    common,
  );
  if (rendered.status === 200 && input.page_view) {
    const { visitor_id, user_agent, referer, client_address } = input;
    deps.pageViews.record({
      store_id: store.id,
      visitor_id,
      at: deps.clock(),
      user_agent,
      referer,
      client_address,
      ref: input.query.ref ?? '',
    });
  }
  return rendered;
}

/** The variables every page has (docs/buyer-site.md#variables-every-page-has). */
export function commonVariables(
  store: StoreRecord,
  templates: readonly TemplateRecord[],
  catalog: StoreCatalog,
  input: RenderPageInput,
  route: PageRoute,
) {
  const base = input.base_path;
  return {
    store: storeVariables(store),
    base,
    links: linksOf(base),
    pages: customPagesOf(templates, base),
    collections: catalog.collections.map((collection) => collectionVariables(collection, catalog, base)),
    cart: cartVariables(input.cart, catalog, base, store.currency),
    csrf_token: input.csrf_token,
    page: { kind: route.kind, path: input.path, title: '' },
  };
}

export type Common = ReturnType<typeof commonVariables>;

/** The page the route names: its template (or the platform's page) and its own variables; the not-found page when it has none. */
export async function pageBody(
  deps: Pick<PageDeps, 'storeDefaults' | 'orders' | 'notifications' | 'logger'>,
  site: StoreTemplates,
  catalog: StoreCatalog,
  input: RenderPageInput,
  route: PageRoute,
  common: Common,
): Promise<PageBody> {
  const base = input.base_path;
  const templateOf = (kind: DefaultTemplateKind) => templateOfKind(site.templates, kind, deps.storeDefaults);
  switch (route.kind) {
    case 'home': {
      const { items, pagination } = paginate(catalog.products, route.page, common.links.home);
      return {
        status: 200,
        title: '',
        template: templateOf('home'),
        variables: () => ({ products: items.map((entry) => productVariables(entry, catalog, base, common.store.currency)), pagination }),
      };
    }
    case 'product': {
      const entry = catalog.productById.get(route.productId);
      if (!entry) return notFound();
      return {
        status: 200,
        title: entry.product.name,
        template: templateOf('product'),
        variables: () => ({ product: productVariables(entry, catalog, base, common.store.currency) }),
      };
    }
    case 'collection': {
      const collection = catalog.collectionById.get(route.collectionId);
      if (!collection) return notFound();
      const listUrl = common.collections.find((candidate) => candidate.id === collection.id)!.url;
      const { items, pagination } = paginate(productsOf(catalog, collection), route.page, listUrl);
      const variables = () => ({
        collection: collectionVariables(collection, catalog, base),
        products: items.map((entry) => productVariables(entry, catalog, base, common.store.currency)),
        pagination,
      });
      return { status: 200, title: collection.name, template: templateOf('collection'), variables };
    }
    case 'contact':
      return { status: 200, title: 'Contact', template: templateOf('contact'), variables: NO_VARIABLES };
    case 'faq':
      return { status: 200, title: 'FAQ', template: templateOf('faq'), variables: NO_VARIABLES };
    case 'custom': {
      const template = site.templates.find(
        (candidate) => candidate.kind === 'custom' && candidate.permalink.toLowerCase() === route.permalink,
      );
      return template ? { status: 200, title: template.name, template, variables: NO_VARIABLES } : notFound();
    }
    case 'cart':
      return { status: 200, title: 'Cart', builtIn: 'cart', variables: NO_VARIABLES };
    case 'checkout':
      return { status: 200, title: 'Checkout', builtIn: 'checkout', variables: () => ({ checkout: checkoutVariables(input) }) };
    case 'confirmation': {
      if (input.order_id <= 0) return notFound();
      // Asked side by side: the receipt's short deadline then costs the page nothing the order's read does not.
      const [order, receipt] = await Promise.all([
        deps.orders.orderOf(site.storeId, input.order_id),
        receiptOf(deps, site.storeId, input.order_id),
      ]);
      if (!order) return notFound();
      const variables = () => ({ order: orderVariables(order), receipt: receiptVariables(receipt, order.email) });
      return { status: 200, title: `Order #${order.id}`, builtIn: 'confirmation', variables };
    }
    case 'stylesheet':
    case 'not_found':
      return notFound();
  }
}

export const NO_VARIABLES = () => ({});

/** The order's receipt; null when notifications cannot say (the page then promises nothing), never a failed page. */
async function receiptOf(deps: Pick<PageDeps, 'notifications' | 'logger'>, storeId: number, orderId: number): Promise<OrderReceipt | null> {
  try {
    return await deps.notifications.receiptOf(storeId, orderId);
  } catch (error) {
    deps.logger.warn({ err: error, store_id: storeId, order_id: orderId }, 'receipt of the order not read');
    return null;
  }
}

const notFound = (): PageBody => ({
  status: 404,
  kind: 'not_found',
  title: 'Page not found',
  builtIn: 'not_found',
  variables: NO_VARIABLES,
});

export const maintenance = (templates: readonly TemplateRecord[], defaults: StoreDefaults): PageBody => ({
  status: 503,
  kind: 'maintenance',
  title: 'Closed',
  template: templateOfKind(templates, 'maintenance', defaults),
  variables: NO_VARIABLES,
});

/** The store's template of a default kind; the platform's default if the store somehow lacks it. */
function templateOfKind(templates: readonly TemplateRecord[], kind: DefaultTemplateKind, defaults: StoreDefaults): TemplateRecord {
  const found = templates.find((template) => template.kind === kind);
  if (found) return found;
  const fallback = DEFAULT_TEMPLATES.find((template) => template.kind === kind)!;
  return { id: 0, store_id: 0, ...fallback, content: defaults.templates[kind], created_at: new Date(0), updated_at: new Date(0) };
}

/** The store's markup that failed as a page rendered: the page's template (or one it includes), or the store's layout. */
export class PageMarkupError extends Error {
  constructor(
    readonly part: 'template' | 'layout',
    readonly failure: unknown,
  ) {
    super(failure instanceof Error ? failure.message : String(failure));
  }
}

/** Renders a store template's content with the page's variables (built only when called). */
export type TemplateContent = (template: TemplateRecord, variables: () => Record<string, unknown>) => Promise<string>;

/**
 * The page's content inside the store's layout (or the built-in one, when `use_default_layout` or the layout is blank).
 * Throws PageMarkupError naming the part of the store's markup that failed.
 */
export async function composePage(
  engine: PageEngine,
  { store, site }: { store: StoreRecord; site: StoreTemplates },
  page: PageBody,
  common: Common,
  templateContent: TemplateContent,
): Promise<string> {
  const ownLayout = !store.use_default_layout && store.layout.trim() !== '' ? store.layout : null;
  const variables = { ...common, page: { ...common.page, kind: page.kind ?? common.page.kind, title: page.title } };
  let content: string;
  try {
    content =
      'template' in page
        ? await templateContent(page.template, () => ({ ...variables, ...page.variables() }))
        : await engine.renderBuiltIn(page.builtIn, { ...variables, ...page.variables() });
  } catch (error) {
    throw new PageMarkupError('template', error);
  }
  if (!ownLayout) return engine.renderBuiltIn('layout', variables, content);
  try {
    return await engine.renderStoreLayout(site, ownLayout, content, variables);
  } catch (error) {
    throw new PageMarkupError('layout', error);
  }
}

/**
 * The page inside the store's layout (or the built-in one); a failing store template gives the error page instead. A
 * store template's output that read nothing of the buyer's (cart, csrf_token, checkout, order) is kept and reused for
 * the same inputs; the layout is rendered every time (it shows the cart).
 */
async function renderInLayout(deps: PageDeps, inputs: PageInputs, page: PageBody, common: Common): Promise<RenderedPage> {
  const { store } = inputs;
  try {
    const content: TemplateContent = (template, variables) => storeTemplateContent(deps, inputs, template, variables);
    return { status: page.status, content_type: HTML, body: await composePage(deps.engine, inputs, page, common, content) };
  } catch (error) {
    const failure = error instanceof PageMarkupError ? error.failure : error;
    deps.logger.warn({ err: failure, store_id: store.id, path: common.page.path }, 'store template failed to render');
    // The store's markup failed (the platform's own pages do not): say so in the built-in layout, which cannot fail.
    const errorVariables = { ...common, page: { ...common.page, title: 'Error' } };
    const content = await deps.engine.renderBuiltIn('error', errorVariables);
    return { status: 500, content_type: HTML, body: await deps.engine.renderBuiltIn('layout', errorVariables, content) };
  }
}

async function storeTemplateContent(
  deps: PageDeps,
  inputs: PageInputs,
  template: TemplateRecord,
  variables: () => Record<string, unknown>,
): Promise<string> {
  const key = contentKey(inputs, template);
  const kept = deps.pageContents.get(key);
  if (kept !== undefined) return kept;
  const { scope, readVisitorData } = trackingVisitorReads(variables());
  const content = await deps.engine.renderTemplate(inputs.site, template, scope);
  if (!readVisitorData()) deps.pageContents.set(key, content);
  return content;
}

/** Every input a store template's content may depend on but the buyer's own: a change of any is a new key. */
function contentKey({ store, site, catalogVersion, route, base, path }: PageInputs, template: TemplateRecord): string {
  const templates = site.templates
    .map((candidate) => `${candidate.id}.${candidate.updated_at.getTime()}.${candidate.content.length}`)
    .join(',');
  return JSON.stringify([
    store.id,
    store.version,
    catalogVersion,
    template.id,
    template.updated_at.getTime(),
    template.content.length,
    templates,
    route,
    base,
    path,
  ]);
}
