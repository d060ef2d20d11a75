import { TRACKING_LIMITS, trackingViolations } from './fulfillment-input';

describe('trackingViolations', () => {
  it('takes each field up to its limit, and absent fields', () => {
    expect(
      trackingViolations({
        tracking_number: '1'.repeat(TRACKING_LIMITS.tracking_number),
        note_to_customer: 'n'.repeat(TRACKING_LIMITS.note_to_customer),
      }),
    ).toEqual({});
    expect(trackingViolations({})).toEqual({});
  });

  it('names each field past its limit', () => {
    expect(trackingViolations({ tracking_number: '1'.repeat(201), shipping_company: 'UPS', note_to_customer: 'n'.repeat(65_535) })).toEqual(
      {
        tracking_number: ['is too long (maximum is 200 characters)'],
        note_to_customer: ['is too long (maximum is 2000 characters)'],
      },
    );
  });
});
