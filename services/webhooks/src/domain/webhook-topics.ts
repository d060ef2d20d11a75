import type { FieldViolations } from '@commerce/grpc-runtime';

/**
 * A webhook's `events`: trimmed, duplicates removed (first place kept), at least one, each one of `accepted`
 * (the public topics and their wildcards, from @commerce/events). Every bad topic is named.
 */
export function checkTopics(violations: FieldViolations, events: readonly string[], accepted: ReadonlySet<string>): string[] {
  const topics = [...new Set(events.map((topic) => topic.trim()))];
  if (topics.length === 0) {
    violations.events = ['must name at least one topic'];
    return topics;
  }
  const unknown = topics.filter((topic) => !accepted.has(topic));
  if (unknown.length > 0) {
    const named = unknown.map((topic) => JSON.stringify(topic)).join(', ');
    violations.events = [`${unknown.length === 1 ? 'has a topic that is' : 'has topics that are'} not a public topic: ${named}`];
  }
  return topics;
}
