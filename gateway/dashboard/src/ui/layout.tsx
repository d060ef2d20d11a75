import { useState, type ReactNode } from 'react';
import { NavLink, Outlet } from 'react-router';
import { useStore } from '../api/client';
import { signOut } from '../auth/session';

const SECTIONS = [
  { to: '/', label: 'Home', end: true },
  { to: '/orders', label: 'Orders', end: false },
  { to: '/products', label: 'Products', end: false },
  { to: '/collections', label: 'Collections', end: false },
  { to: '/shipping', label: 'Shipping', end: false },
  { to: '/taxes', label: 'Taxes', end: false },
  { to: '/discounts', label: 'Discounts', end: false },
  { to: '/webhooks', label: 'Webhooks', end: false },
  { to: '/developers', label: 'Apps', end: false },
  { to: '/settings', label: 'Settings', end: false },
];

/** The frame of every signed-in page: a skip link, the store's name, the sections, sign-out, then the page. */
export function Layout(): ReactNode {
  const store = useStore();
  const [leaving, setLeaving] = useState(false);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="top">
        <span className="brand">{store.data?.name ?? 'Store dashboard'}</span>
        <nav aria-label="Sections">
          <ul>
            {SECTIONS.map((section) => (
              <li key={section.to}>
                <NavLink to={section.to} end={section.end}>
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <button
          type="button"
          className="quiet"
          disabled={leaving}
          onClick={() => {
            setLeaving(true);
            void signOut();
          }}
        >
          {leaving ? 'Signing out…' : 'Sign out'}
        </button>
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
