import type { storefront } from '@commerce/contracts';
import { requireStoreId, type ServiceHandlers } from '@commerce/grpc-runtime';
import { renderPage } from '../app/render-page';
import type { StorefrontDeps } from '../app/storefront-deps';

/** Thin: request → renderPage → response. */
export function pageHandlers(deps: StorefrontDeps): ServiceHandlers<typeof storefront.PageServiceService> {
  return {
    renderPage: async (request) =>
      renderPage(deps, {
        store_id: requireStoreId(request.store_id),
        path: request.path,
        base_path: request.base_path,
        query: request.query,
        cart: request.cart.map(({ variant_id, quantity }) => ({ variant_id, quantity })),
        csrf_token: request.csrf_token,
        order_id: request.order_id,
        checkout_error: request.checkout_error,
        field_errors: request.field_errors.map(({ field, message }) => ({ field, message })),
        checkout_form: request.checkout_form,
        checkout_quote: request.checkout_quote ?? null,
        visitor_id: request.visitor_id,
        user_agent: request.user_agent,
        referer: request.referer,
        client_address: request.client_address,
        page_view: request.page_view,
      }),
  };
}
