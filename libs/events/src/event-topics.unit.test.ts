import { PUBLIC_TOPICS, PUBLIC_TOPIC_WILDCARDS, subscribesTo } from './event-topics';

describe('public topics', () => {
  it('are the design list plus order/canceled, each once', () => {
    expect(new Set(PUBLIC_TOPICS).size).toBe(PUBLIC_TOPICS.length);
    expect(PUBLIC_TOPICS).toContain('order/canceled');
    expect(PUBLIC_TOPICS).toContain('app/uninstalled');
    expect(PUBLIC_TOPICS).not.toContain('store/created');
    expect(PUBLIC_TOPICS).not.toContain('api_key/rotated');
    expect(PUBLIC_TOPICS).not.toContain('grant/revoked');
    // media's announcements to catalog: webhooks never forward them.
    expect(PUBLIC_TOPICS).not.toContain('image/ready');
    expect(PUBLIC_TOPICS).not.toContain('image/failed');
  });

  it('have a wildcard for the shipping group and class topics only', () => {
    expect(PUBLIC_TOPIC_WILDCARDS).toEqual(['shipping_group/*', 'shipping_class/*']);
  });
});

describe('subscribesTo', () => {
  it('matches a topic named in the subscription', () => {
    expect(subscribesTo(['order/paid', 'product/created'], 'order/paid')).toBe(true);
    expect(subscribesTo(['order/paid'], 'order/created')).toBe(false);
  });

  it.each(['shipping_group/created', 'shipping_group/updated', 'shipping_group/deleted'])('lets shipping_group/* receive %s', (topic) => {
    expect(subscribesTo(['shipping_group/*'], topic)).toBe(true);
    expect(subscribesTo(['shipping_class/*'], topic)).toBe(false);
  });

  it('gives other resources no wildcard', () => {
    expect(subscribesTo(['order/*'], 'order/paid')).toBe(false);
    expect(subscribesTo(['/*'], '/x')).toBe(false);
    expect(subscribesTo(['*'], 'order')).toBe(false);
  });
});
