/** Markup that is already safe; everything else interpolated into `html` is escaped. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ESCAPES[char]);

function render(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === undefined || value === null || value === false) return '';
  return escapeHtml(String(value));
}

/** Tagged template: `html\`<p>${name}</p>\`` escapes `name`, so user data can never become markup. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  return new SafeHtml(strings.reduce((out, part, index) => out + part + (index < values.length ? render(values[index]) : ''), ''));
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#222}
h1{font-size:1.5rem}h2{font-size:1.15rem;margin-top:2rem}label{display:block;margin:.75rem 0 .25rem}
input[type=text],input[type=email],input[type=password],input[type=url]{width:100%;padding:.5rem;box-sizing:border-box}
button{padding:.5rem 1rem;margin:.75rem .5rem 0 0;cursor:pointer}.error{color:#b00020}.notice{color:#1b5e20}
.secret{font-family:monospace;background:#f4f4f4;padding:.5rem;word-break:break-all}table{border-collapse:collapse;width:100%}
td,th{text-align:left;padding:.25rem .5rem;border-bottom:1px solid #ddd}form.inline{display:inline}`;

/** The whole document around a page's body. */
export function page(title: string, body: SafeHtml): string {
  return `<!doctype html>\n${
    html`<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title} · Store Commerce</title><style>${new SafeHtml(STYLE)}</style></head><body>${body}</body></html>`
      .value
  }`;
}

/** The hidden CSRF field every form carries. */
export const csrfField = (token: string): SafeHtml => html`<input type="hidden" name="csrf_token" value="${token}">`;
