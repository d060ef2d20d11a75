import { pageOf } from './paging';

describe('the orders paging rule', () => {
  it('defaults limit to 50 when absent and clamps a sent one to 1..250 (limit=0 serves 1)', () => {
    expect(pageOf(0, undefined)).toEqual({ page: 1, limit: 50, skip: 0 });
    expect(pageOf(3, 1000)).toEqual({ page: 3, limit: 250, skip: 500 });
    expect(pageOf(2, -4)).toEqual({ page: 2, limit: 1, skip: 1 });
    expect(pageOf(1, 0)).toEqual({ page: 1, limit: 1, skip: 0 });
  });
});
