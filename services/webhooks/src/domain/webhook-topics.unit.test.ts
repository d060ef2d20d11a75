import type { FieldViolations } from '@commerce/grpc-runtime';
import { checkTopics } from './webhook-topics';

const ACCEPTED = new Set([
  'order/paid',
  'order/created',
  'order/canceled',
  'shipping_group/created',
  'shipping_group/*',
  'shipping_class/*',
]);

function check(events: string[]): { topics: string[]; violations: FieldViolations } {
  const violations: FieldViolations = {};
  return { topics: checkTopics(violations, events, ACCEPTED), violations };
}

describe('checkTopics', () => {
  it('keeps public topics in the order given, trimmed, duplicates removed', () => {
    expect(check(['order/paid', ' order/created ', 'order/paid', 'order/canceled'])).toEqual({
      topics: ['order/paid', 'order/created', 'order/canceled'],
      violations: {},
    });
  });

  it('takes the shipping wildcards as written', () => {
    expect(check(['shipping_group/*', 'shipping_class/*', 'shipping_group/created'])).toEqual({
      topics: ['shipping_group/*', 'shipping_class/*', 'shipping_group/created'],
      violations: {},
    });
  });

  it('needs at least one topic', () => {
    expect(check([]).violations).toEqual({ events: ['must name at least one topic'] });
  });

  it('names a topic that is not public', () => {
    expect(check(['order/paid', 'order/exploded']).violations).toEqual({
      events: ['has a topic that is not a public topic: "order/exploded"'],
    });
  });

  it('names the first bad topics and counts the rest, each as an excerpt', () => {
    const many = Array.from({ length: 4_000 }, (_, index) => `bad/topic${index}`);
    expect(check(many).violations).toEqual({
      events: [
        'has topics that are not a public topic: "bad/topic0", "bad/topic1", "bad/topic2", "bad/topic3", "bad/topic4" and 3,995 more',
      ],
    });
    expect(check(['x'.repeat(32_000)]).violations.events![0]).toMatch(
      /^has a topic that is not a public topic: "x{39}…" \(32,000 characters\)$/,
    );
  });

  it('names bad topics, the blank and wildcards of other resources included', () => {
    expect(check(['Order/Paid', 'order/*', '', 'store/created']).violations).toEqual({
      events: ['has topics that are not a public topic: "Order/Paid", "order/*", "", "store/created"'],
    });
  });
});
