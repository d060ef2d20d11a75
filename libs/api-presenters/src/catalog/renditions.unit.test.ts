import { isRenditionName, RENDITION_NAMES, RENDITIONS, renditionSize } from './renditions';

describe('the 13 sizes (docs/media.md#the-13-sizes)', () => {
  it("are the spec's names, in its order", () => {
    expect(RENDITION_NAMES).toEqual([
      'original',
      'large',
      'homepage',
      'medium',
      'small',
      '64w',
      '200w',
      '400w',
      '600w',
      '1000w',
      '64sq',
      '200sq',
      '400sq',
    ]);
    expect(isRenditionName('400sq')).toBe(true);
    expect(isRenditionName('toString')).toBe(false);
  });

  it('fit a landscape image inside their box, never enlarged; widths exact; squares square', () => {
    const sizes = Object.fromEntries(RENDITION_NAMES.map((name) => [name, renditionSize(RENDITIONS[name], 1200, 800)]));
    expect(sizes).toEqual({
      original: { width: 1200, height: 800 },
      large: { width: 1000, height: 667 },
      homepage: { width: 600, height: 400 },
      medium: { width: 400, height: 267 },
      small: { width: 200, height: 133 },
      '64w': { width: 64, height: 43 },
      '200w': { width: 200, height: 133 },
      '400w': { width: 400, height: 267 },
      '600w': { width: 600, height: 400 },
      '1000w': { width: 1000, height: 667 },
      '64sq': { width: 64, height: 64 },
      '200sq': { width: 200, height: 200 },
      '400sq': { width: 400, height: 400 },
    });
  });

  it('leave a small image its size inside a box, but give a width exactly', () => {
    expect(renditionSize(RENDITIONS.large, 300, 500)).toEqual({ width: 300, height: 500 });
    expect(renditionSize(RENDITIONS['1000w'], 300, 500)).toEqual({ width: 1000, height: 1667 });
    expect(renditionSize(RENDITIONS.small, 4000, 10)).toEqual({ width: 200, height: 1 });
  });
});
