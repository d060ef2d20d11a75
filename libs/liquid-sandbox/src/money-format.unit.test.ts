import { currencyNamed, formatMoney } from './money-format';
import { textToParagraphs } from './html-text';

describe('text', () => {
  it('formats cents as dollars', () => {
    expect([formatMoney(0), formatMoney(5), formatMoney(1999), formatMoney(123456789), formatMoney(-250), formatMoney('x')]).toEqual([
      '$0.00',
      '$0.05',
      '$19.99',
      '$1,234,567.89',
      '-$2.50',
      '',
    ]);
  });

  it.each([
    ['USD', 1999, '$19.99'],
    ['JPY', 1999, '¥1,999'],
    ['KWD', 1999, 'KWD\u00a01.999'], // Intl writes a no-break space after a code
    ['EUR', -250, '-€2.50'],
    ['JPY', 123456789, '¥123,456,789'],
  ])('formats minor units of %s with its symbol and decimals', (currency, minor, text) => {
    expect(formatMoney(minor, currency)).toBe(text);
  });

  it('writes nothing for a currency that is not a code, and reads a named one in any case', () => {
    expect(formatMoney(1999, 'XYZ')).toBe('');
    expect(currencyNamed(' jpy ')).toBe('JPY');
    expect([currencyNamed('dollars'), currencyNamed(undefined), currencyNamed(42)]).toEqual([null, null, null]);
  });

  it('formats every amount a number holds exactly, to the cent, and nothing beyond', () => {
    const largest = Number.MAX_SAFE_INTEGER; // 9,007,199,254,740,991 cents
    expect([
      formatMoney(largest),
      formatMoney(-largest),
      formatMoney(String(largest)),
      formatMoney(1234.5),
      formatMoney(-0.4),
      formatMoney('1999'),
    ]).toEqual(['$90,071,992,547,409.91', '-$90,071,992,547,409.91', '$90,071,992,547,409.91', '$12.35', '$0.00', '$19.99']);
    expect([
      formatMoney(largest + 1),
      formatMoney(1e21),
      formatMoney(1e23),
      formatMoney(-1e30),
      formatMoney('12345678901234567890'),
      formatMoney(Infinity),
    ]).toEqual(['', '', '', '', '', '']);
  });

  it('writes plain text as escaped paragraphs', () => {
    expect(textToParagraphs('a <b>\r\nc\n\n\n"d" & e')).toBe('<p>a &lt;b&gt;<br>c</p>\n<p>&quot;d&quot; &amp; e</p>');
    expect(textToParagraphs(null)).toBe('');
  });
});
