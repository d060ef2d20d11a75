import type { ReactNode } from 'react';

/**
 * Rendered HTML (a buyer page, an e-mail) in a sandboxed frame (docs/dashboard.md#security): no script in it runs (no
 * `allow-scripts`, and a srcdoc document inherits the dashboard's policy besides), it sends no form and opens nothing,
 * and being of no origin it reads nothing of the dashboard's. Its inline styles apply.
 */
export function HtmlPreview({ title, html }: { title: string; html: string }): ReactNode {
  return <iframe className="html-preview" title={title} sandbox="" srcDoc={html} />;
}
