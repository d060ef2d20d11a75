import type { Request } from 'express';
import { ApiError } from '../errors';
import { pathId } from './path-id';

const requestWith = (id: string) => ({ params: { id } }) as unknown as Request;

describe('pathId', () => {
  it('reads a positive integer', () => {
    expect(pathId(requestWith('42'), 'Product')).toBe(42);
    expect(pathId(requestWith('9007199254740991'), 'Product')).toBe(9_007_199_254_740_991);
  });

  it.each(['abc', '0', '-1', '1.5', '1e3', '042', ' 1', '', '99999999999999999'])('answers 404 for %p, as for an unknown id', (id) => {
    let thrown: unknown;
    try {
      pathId(requestWith(id), 'Product');
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect(thrown).toMatchObject({ status: 404, errorType: 'NotFound' });
  });
});
