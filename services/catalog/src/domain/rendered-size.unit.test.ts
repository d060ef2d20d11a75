import { MAX_RENDERED_BYTES, renderedSizeViolations } from './rendered-size';

describe('renderedSizeViolations', () => {
  const rendering = (bytes: number) => ({ text: 'x'.repeat(bytes - '{"text":""}'.length) });

  it('takes a rendering of up to 524288 bytes of JSON', () => {
    expect(MAX_RENDERED_BYTES).toBe(524_288);
    expect(renderedSizeViolations('product', rendering(MAX_RENDERED_BYTES))).toEqual({});
  });

  it('refuses one byte more, naming the record and its size', () => {
    expect(renderedSizeViolations('product', rendering(MAX_RENDERED_BYTES + 1))).toEqual({
      product: ['is too large: it would render as 524289 bytes (maximum is 524288)'],
    });
  });

  it('counts bytes as sent, UTF-8 and JSON escapes included, not characters', () => {
    // 100,000 characters: 3 bytes each in UTF-8, 6 each as JSON escapes of control characters.
    expect(renderedSizeViolations('collection', { description: '茶'.repeat(100_000) })).toEqual({});
    expect(renderedSizeViolations('collection', { description: '\u0001'.repeat(100_000) })).toEqual({
      collection: ['is too large: it would render as 600018 bytes (maximum is 524288)'],
    });
  });
});
