import { goneReason } from './attempt-outcome';
import { deliveryBody } from './delivery';

const FIRST = new Date('2026-06-01T00:00:00Z');

it('renders the body as type, timestamp and data, and names the 410 and its time', () => {
  expect(JSON.parse(deliveryBody({ topic: 'product/updated', occurred_at: '2026-06-01T00:00:00.000Z', resource: { id: 3 } }))).toEqual({
    type: 'product/updated',
    timestamp: '2026-06-01T00:00:00.000Z',
    data: { id: 3 },
  });
  expect(goneReason(FIRST)).toBe('disabled after the receiver answered 410 Gone at 2026-06-01T00:00:00.000Z');
});
