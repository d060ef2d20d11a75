import { pageLimit } from './paging';

describe('the deliveries and events paging rule', () => {
  it('is 50 when limit is absent, and a sent one clamped to 1..250 (limit=0 serves 1)', () => {
    expect(pageLimit(undefined)).toBe(50);
    expect(pageLimit(7)).toBe(7);
    expect(pageLimit(1000)).toBe(250);
    expect(pageLimit(0)).toBe(1);
    expect(pageLimit(-5)).toBe(1);
  });
});
