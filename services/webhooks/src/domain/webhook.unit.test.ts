import { DISABLED_BY_UPDATE, freeSlot, MAX_WEBHOOKS_PER_STORE, statusChange } from './webhook';

describe('freeSlot', () => {
  it('answers the lowest free place', () => {
    expect(freeSlot([])).toBe(1);
    expect(freeSlot([1, 2, 4])).toBe(3);
    expect(freeSlot([2, 3])).toBe(1);
  });

  it('answers null once every one of the 50 is taken', () => {
    const all = Array.from({ length: MAX_WEBHOOKS_PER_STORE }, (_, index) => index + 1);
    expect(freeSlot(all)).toBeNull();
    expect(freeSlot(all.slice(1))).toBe(1);
  });
});

describe('statusChange', () => {
  it('changes nothing without enabled', () => {
    expect(statusChange({ status: 'disabled' }, undefined)).toEqual({});
  });

  it('makes a disabled webhook active and clears its reason', () => {
    expect(statusChange({ status: 'disabled' }, true)).toEqual({ status: 'active', disabled_reason: null });
    expect(statusChange({ status: 'active' }, true)).toEqual({});
  });

  it('disables an active webhook with a reason, and keeps the reason of one disabled already', () => {
    expect(statusChange({ status: 'active' }, false)).toEqual({ status: 'disabled', disabled_reason: DISABLED_BY_UPDATE });
    expect(statusChange({ status: 'disabled' }, false)).toEqual({});
  });
});
