import { randomUUID } from 'node:crypto';
import type { Liquid, Template } from 'liquidjs';
import { DEFAULT_CURRENCY } from '@commerce/money';
import { currencyNamed, DEFAULT_LIQUID_LIMITS, limitErrorOf, type LiquidLimits, sandboxedLiquid } from '@commerce/liquid-sandbox';
import type { BuiltInPageName, PageEngine, StoreTemplates } from '../app/storefront-deps';
import type { BuiltInPages } from '../domain/built-in-pages';
import { photoDimension, photoSrcset } from '../domain/site-photos';
import type { TemplateRecord } from '../domain/template';

export { MAX_INCLUDE_DEPTH } from '@commerce/liquid-sandbox';

/**
 * Where a render keeps the currency `money` writes in when a template names none: the page's `store.currency`. A render's
 * globals reach the partials `render` spawns, and a symbol key is one no template can read or assign.
 */
const PAGE_CURRENCY = Symbol('page currency');

/** The currency of a page's variables (its `store.currency`); the default for a page of no store. */
function pageCurrencyOf(variables: object): string {
  const store = (variables as { store?: { currency?: unknown } }).store;
  return currencyNamed(store?.currency) ?? DEFAULT_CURRENCY;
}

/** What a store's Liquid may include: its own templates, by permalink. */
const partialsOf = (site: StoreTemplates): Record<string, string> =>
  Object.fromEntries(site.templates.map((template) => [template.permalink, template.content]));

/** Stores whose compiled templates are kept (least recently rendered dropped first). */
const MAX_CACHED_STORES = 1_000;
/** How long a store template that hit a limit answers its error at once, instead of running up to the limit again. */
export const OVER_LIMIT_HOLD_MS = 10_000;

interface StoreEngine {
  /** The store's template ids, versions and permalinks: any change builds a new engine (includes see the new set). */
  signature: string;
  liquid: Liquid;
  compiled: Map<string, Template[]>;
  /** Templates of this set that hit a limit, by compiled key: the error and until when it is answered without a render. */
  overLimit: Map<string, { error: Error; until: number }>;
}

/**
 * Liquid for the buyer site, in the sandbox of @commerce/liquid-sandbox: every output HTML-escaped once unless its last
 * filter is `raw`; no file system (a store's engine sees only an in-memory map of that store's templates, by permalink,
 * for `include` and `render`); ownProperty lookups only; the limits. Compiled templates are kept per store by (template
 * id, updated_at), the layout by its markup, and dropped when the store's set of templates changes.
 */
export class LiquidPageEngine implements PageEngine {
  private readonly stores = new Map<number, StoreEngine>();
  private readonly builtIn: Liquid;
  private readonly builtInCompiled = new Map<string, Template[]>();
  /** Where the layout's `content_for_layout` goes: a token no template can guess, replaced after the layout renders. */
  private readonly contentToken = `CONTENT_FOR_LAYOUT_${randomUUID().replace(/-/g, '')}`;

  constructor(
    builtInPages: BuiltInPages,
    private readonly limits: LiquidLimits = DEFAULT_LIQUID_LIMITS,
    private readonly now: () => number = Date.now,
  ) {
    this.builtIn = this.sandbox({ ...builtInPages.partials, ...builtInPages.pages });
    for (const [name, source] of Object.entries(builtInPages.pages)) this.builtInCompiled.set(name, this.builtIn.parse(source));
  }

  async renderTemplate(site: StoreTemplates, template: TemplateRecord, variables: object): Promise<string> {
    const engine = this.engineOf(site);
    return this.renderOwned(engine, `template:${template.id}:${template.updated_at.getTime()}`, template.content, variables);
  }

  async renderStoreLayout(site: StoreTemplates, layout: string, content: string, variables: object): Promise<string> {
    const engine = this.engineOf(site);
    const html = this.renderOwned(engine, `layout:${layout}`, layout, this.withContent(variables));
    return this.placeContent(html, content);
  }

  async renderBuiltIn(name: BuiltInPageName, variables: object, content = ''): Promise<string> {
    const html = await this.render(this.builtIn, this.builtInCompiled.get(name)!, this.withContent(variables));
    return this.placeContent(html, content);
  }

  forPreview(): PageEngine {
    // One sandbox per preview, over the site it renders (the unsaved template among the others, for includes).
    let sandbox: { site: StoreTemplates; liquid: Liquid } | undefined;
    const renderFresh = (site: StoreTemplates, source: string, variables: object): string => {
      if (sandbox?.site !== site) sandbox = { site, liquid: this.sandbox(partialsOf(site)) };
      return this.render(sandbox.liquid, sandbox.liquid.parse(source), variables);
    };
    const preview: PageEngine = {
      renderTemplate: async (site, template, variables) => renderFresh(site, template.content, variables),
      renderStoreLayout: async (site, layout, content, variables) =>
        this.placeContent(renderFresh(site, layout, this.withContent(variables)), content),
      renderBuiltIn: (name, variables, content) => this.renderBuiltIn(name, variables, content),
      forPreview: () => this.forPreview(),
    };
    return preview;
  }

  /**
   * A store's markup; one that hit a limit (time, memory, length, depth) answers the same error for OVER_LIMIT_HOLD_MS without
   * running again, so a runaway template costs the process one limit's worth of time per hold, not per request.
   */
  private renderOwned(engine: StoreEngine, key: string, source: string, variables: object): string {
    const held = engine.overLimit.get(key);
    if (held && held.until > this.now()) throw held.error;
    try {
      return this.render(engine.liquid, this.compiledIn(engine, key, source), variables);
    } catch (caught) {
      const error = limitErrorOf(caught);
      if (!error) throw caught;
      engine.overLimit.set(key, { error, until: this.now() + OVER_LIMIT_HOLD_MS });
      throw error;
    }
  }

  /** Synchronous: every template is in memory and no filter waits, and an async render costs a promise per node (about 40% of a page). */
  private render(liquid: Liquid, template: Template[], variables: object): string {
    return liquid.renderSync(template, variables, { globals: { [PAGE_CURRENCY]: pageCurrencyOf(variables) } }) as string;
  }

  private withContent(variables: object): object {
    return { ...variables, content_for_layout: this.contentToken, page_content: this.contentToken };
  }

  private placeContent(html: string, content: string): string {
    return html.includes(this.contentToken) ? html.split(this.contentToken).join(content) : html;
  }

  private compiledIn(engine: StoreEngine, key: string, source: string): Template[] {
    let compiled = engine.compiled.get(key);
    if (!compiled) {
      compiled = engine.liquid.parse(source);
      engine.compiled.set(key, compiled);
    }
    return compiled;
  }

  private engineOf(site: StoreTemplates): StoreEngine {
    const signature = site.templates.map((template) => `${template.id}:${template.updated_at.getTime()}:${template.permalink}`).join('|');
    const cached = this.stores.get(site.storeId);
    if (cached && cached.signature === signature) {
      this.stores.delete(site.storeId); // re-inserted below: the Map's order is the recency order
      this.stores.set(site.storeId, cached);
      return cached;
    }
    const engine: StoreEngine = { signature, liquid: this.sandbox(partialsOf(site)), compiled: new Map(), overLimit: new Map() };
    this.stores.delete(site.storeId);
    this.stores.set(site.storeId, engine);
    if (this.stores.size > MAX_CACHED_STORES) this.stores.delete(this.stores.keys().next().value!);
    return engine;
  }

  private sandbox(templates: Record<string, string>): Liquid {
    // `{{ cents | money }}` writes in the page's currency; `{{ order.total | money: order.currency }}` in the one named.
    const liquid = sandboxedLiquid(templates, this.limits, {
      defaultCurrency: (context) => (context.globals as Record<symbol, string | undefined>)[PAGE_CURRENCY],
    });
    // A hosted photo's renditions for `<img srcset>`, and one rendition's pixels for its `width` and `height`.
    liquid.registerFilter('srcset', (photo: unknown, kind?: unknown) => photoSrcset(photo, kind));
    liquid.registerFilter('image_width', (photo: unknown, size?: unknown) => photoDimension(photo, size, 'width'));
    liquid.registerFilter('image_height', (photo: unknown, size?: unknown) => photoDimension(photo, size, 'height'));
    return liquid;
  }
}
