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
