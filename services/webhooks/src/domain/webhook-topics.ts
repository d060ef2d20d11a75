import { listExcerpt, type FieldViolations } from '@commerce/grpc-runtime';

/**
 * A webhook's `events`: trimmed, duplicates removed (first place kept), at least one, each one of `accepted`
 * (the public topics and their wildcards, from @commerce/events). The first bad topics are named, the rest counted.
 */
export function checkTopics(violations: FieldViolations, events: readonly string[], accepted: ReadonlySet<string>): string[] {
  const topics = [...new Set(events.map((topic) => topic.trim()))];
  if (topics.length === 0) {
    violations.events = ['must name at least one topic'];
    return topics;
  }
  const unknown = topics.filter((topic) => !accepted.has(topic));
  if (unknown.length > 0) {
    violations.events = [
      `${unknown.length === 1 ? 'has a topic that is' : 'has topics that are'} not a public topic: ${listExcerpt(unknown)}`,
    ];
  }
  return topics;
}
