import type { ReactNode } from 'react';
import { NavLink } from 'react-router';

const PAGES = [
  { to: '/settings', label: 'Store', end: true },
  { to: '/settings/design', label: 'Design', end: true },
  { to: '/templates', label: 'Pages', end: false },
  { to: '/email', label: 'E-mail', end: false },
];

/** The settings' own pages (docs/dashboard.md#settings): the store, its design, its page templates and its e-mail. */
export function SettingsNav(): ReactNode {
  return (
    <nav aria-label="Settings" className="subnav">
      <ul>
        {PAGES.map((page) => (
          <li key={page.to}>
            <NavLink to={page.to} end={page.end}>
              {page.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
