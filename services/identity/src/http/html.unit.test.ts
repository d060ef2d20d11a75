import { html, SafeHtml } from './html';

describe('html', () => {
  it('escapes interpolated text, arrays included, and keeps safe markup', () => {
    const name = '<img src=x onerror="alert(1)">';
    expect(html`<p>${name}</p>`.value).toBe('<p>&lt;img src=x onerror=&quot;alert(1)&quot;&gt;</p>');
    expect(html`<ul>${['a&b', html`<li>ok</li>`]}</ul>`.value).toBe('<ul>a&amp;b<li>ok</li></ul>');
    expect(html`${new SafeHtml('<b>')}${undefined}${false}`.value).toBe('<b>');
  });
});
