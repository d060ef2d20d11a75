import type { Alert, InstalledStore } from './app-data.js';

const ALERTS_SHOWN = 20;

/** The app's one page: the stores that installed it and the latest alerts. Every value from outside is escaped. */
export function statusPage(stores: InstalledStore[], alerts: Alert[], threshold: number): string {
  const storeName = new Map(stores.map((store) => [store.storeId, store.name]));
  const storeRows = stores.map(
    (store) => `<li>${escapeHtml(store.name)} (store ${store.storeId}), installed ${escapeHtml(store.installedAt)}</li>`,
  );
  const alertRows = alerts.slice(0, ALERTS_SHOWN).map((alert) => {
    const variants = alert.variants.map((variant) => `${escapeHtml(variant.name)}: ${variant.inStock} left`).join(', ');
    const store = storeName.get(alert.storeId) ?? `store ${alert.storeId}`;
    return row('td', [escapeHtml(alert.raisedAt), escapeHtml(store), escapeHtml(alert.productName), variants]);
  });

  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Low stock alert</title></head>
<body>
<h1>Low stock alert</h1>
<p>Products with a variant at ${threshold} items or fewer are tagged <code>low-stock</code>.
<a href="/install">Install in a store</a></p>
<h2>Installed stores</h2>
${storeRows.length > 0 ? `<ul>${storeRows.join('')}</ul>` : '<p>None yet.</p>'}
<h2>Recent alerts</h2>
${
  alertRows.length > 0
    ? `<table><thead>${row('th', ['When', 'Store', 'Product', 'Low variants'])}</thead><tbody>${alertRows.join('')}</tbody></table>`
    : '<p>None yet.</p>'
}
</body>
</html>
`;
}

/** A one-line page, for an install that could not finish. */
export function messagePage(title: string, message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/">Back</a></p></body></html>
`;
}

/** A table row of cells already escaped. */
function row(cell: 'td' | 'th', cells: string[]): string {
  return `<tr>${cells.map((content) => `<${cell}>${content}</${cell}>`).join('')}</tr>`;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character]!);
}
