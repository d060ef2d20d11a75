import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function NotFound(): ReactNode {
  return (
    <section>
      <h1>Not found</h1>
      <p>
        There is no such page in the dashboard. <Link to="/">Go to Home</Link>.
      </p>
    </section>
  );
}
