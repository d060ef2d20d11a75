import { pageOf } from './paging';

describe("catalog's paging rule", () => {
  it("takes the list's default when limit is absent, clamps a sent one to 1..250 (limit=0 serves 1), and computes the skip", () => {
    expect(pageOf(0, undefined, 20)).toEqual({ page: 1, limit: 20, skip: 0 });
    expect(pageOf(3, 1000, 20)).toEqual({ page: 3, limit: 250, skip: 500 });
    expect(pageOf(1, 0, 20)).toEqual({ page: 1, limit: 1, skip: 0 });
    expect(pageOf(2, -3, 50)).toEqual({ page: 2, limit: 1, skip: 1 });
  });
});
