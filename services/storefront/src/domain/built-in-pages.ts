/** The page markup the platform writes itself, beside the store's own templates. */
export type BuiltInPageName = 'layout' | 'cart' | 'checkout' | 'confirmation' | 'not_found' | 'error' | 'unknown_store';

/**
 * The platform's own pages of every buyer site, in Liquid with the variables of docs/buyer-site.md: the default
 * layout, and the pages a store has no template for (cart, checkout, confirmation, not found, error). They are files in
 * services/storefront/assets/pages/ (docs/service-template.md#assets), read once at start (infra/storefront-assets.ts).
 * The forms are the gateway's contract: field names and actions must stay as they are.
 */
export interface BuiltInPages {
  pages: Readonly<Record<BuiltInPageName, string>>;
  /** What the pages include by name (`{% render 'base.css' %}`), never rendered alone. */
  partials: Readonly<Record<string, string>>;
}
