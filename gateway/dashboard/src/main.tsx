import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Callback } from './auth/callback';
import { SignedIn } from './auth/signed-in';
import { Home } from './pages/home';
import { OrderPage } from './pages/order';
import { Orders } from './pages/orders';
import { NotFound } from './pages/not-found';
import { NewProduct, ProductPage } from './pages/product';
import { Products } from './pages/products';
import './styles.css';

/** The dashboard's pages (docs/dashboard.md#pages), all under /admin on the platform host. */
const router = createBrowserRouter(
  [
    { path: '/callback', element: <Callback /> },
    {
      element: <SignedIn />,
      children: [
        { index: true, element: <Home /> },
        { path: 'orders', element: <Orders /> },
        { path: 'orders/:id', element: <OrderPage /> },
        { path: 'products', element: <Products /> },
        { path: 'products/new', element: <NewProduct /> },
        { path: 'products/:id', element: <ProductPage /> },
        // Loaded when first opened, so the first load stays small (docs/dashboard.md#how-it-is-built).
        { path: 'collections', lazy: async () => ({ Component: (await import('./pages/collections')).Collections }) },
        { path: 'collections/new', lazy: async () => ({ Component: (await import('./pages/collections')).NewCollection }) },
        { path: 'collections/:id', lazy: async () => ({ Component: (await import('./pages/collection')).CollectionPage }) },
        { path: 'shipping', lazy: async () => ({ Component: (await import('./pages/shipping')).Shipping }) },
        { path: 'taxes', lazy: async () => ({ Component: (await import('./pages/taxes')).Taxes }) },
        { path: 'discounts', lazy: async () => ({ Component: (await import('./pages/discounts')).Discounts }) },
        { path: 'discounts/new', lazy: async () => ({ Component: (await import('./pages/discount')).NewDiscount }) },
        { path: 'discounts/:id', lazy: async () => ({ Component: (await import('./pages/discount')).DiscountPage }) },
        { path: 'webhooks', lazy: async () => ({ Component: (await import('./pages/webhooks')).Webhooks }) },
        { path: 'webhooks/new', lazy: async () => ({ Component: (await import('./pages/webhooks')).NewWebhook }) },
        { path: 'webhooks/:id', lazy: async () => ({ Component: (await import('./pages/webhook')).WebhookPage }) },
        { path: 'developers', lazy: async () => ({ Component: (await import('./pages/developers')).Developers }) },
        // Settings, design, page templates and e-mail: loaded when first opened (docs/dashboard.md#settings).
        { path: 'settings', lazy: async () => ({ Component: (await import('./pages/settings')).Settings }) },
        { path: 'settings/design', lazy: async () => ({ Component: (await import('./pages/design')).Design }) },
        { path: 'templates', lazy: async () => ({ Component: (await import('./pages/templates')).Templates }) },
        { path: 'templates/new', lazy: async () => ({ Component: (await import('./pages/templates')).NewTemplate }) },
        { path: 'templates/:id', lazy: async () => ({ Component: (await import('./pages/template')).TemplatePage }) },
        { path: 'email', lazy: async () => ({ Component: (await import('./pages/email')).Email }) },
        { path: 'email/templates/:id', lazy: async () => ({ Component: (await import('./pages/email-template')).EmailTemplatePage }) },
        { path: 'email/messages/:id', lazy: async () => ({ Component: (await import('./pages/email-message')).EmailMessagePage }) },
        { path: '*', element: <NotFound /> },
      ],
    },
  ],
  { basename: '/admin' },
);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
