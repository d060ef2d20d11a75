import { EVENT_TOPICS } from '@commerce/sdk';
import type { ReactNode } from 'react';
import { FieldError, type FormProblems } from './field-errors';

/** The public topics by the resource they are about (`order/paid` under `order`), in the SDK's order. */
function topicGroups(extra: readonly string[]): Array<{ resource: string; topics: string[] }> {
  const groups = new Map<string, string[]>();
  for (const topic of EVENT_TOPICS) {
    const resource = topic.slice(0, topic.indexOf('/'));
    groups.set(resource, [...(groups.get(resource) ?? []), topic]);
  }
  const others = extra.filter((topic) => !(EVENT_TOPICS as readonly string[]).includes(topic));
  // A subscription the list does not name (`shipping_group/*`, kept as written) stays choosable, not silently dropped.
  if (others.length > 0) groups.set('other', others);
  return [...groups.entries()].map(([resource, topics]) => ({ resource, topics }));
}

const resourceName = (resource: string) => resource.replace(/_/g, ' ');

/**
 * The topics a webhook subscribes to (docs/webhooks.md#rules-and-errors), as checkboxes grouped by resource; the API's
 * refusal of `events` beside them.
 */
export function TopicPicker(props: {
  chosen: ReadonlySet<string>;
  onChange: (chosen: Set<string>) => void;
  problems: FormProblems;
}): ReactNode {
  const { chosen, onChange, problems } = props;
  const toggle = (topic: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(topic);
    else next.delete(topic);
    onChange(next);
  };
  return (
    <fieldset className="topics" aria-describedby="events-error">
      <legend>Topics ({chosen.size} chosen)</legend>
      <div className="topic-groups">
        {topicGroups([...chosen]).map((group) => (
          <fieldset key={group.resource} className="topic-group">
            <legend>{resourceName(group.resource)}</legend>
            {group.topics.map((topic) => (
              <label key={topic} className="check">
                <input type="checkbox" checked={chosen.has(topic)} onChange={(event) => toggle(topic, event.target.checked)} />
                {topic}
              </label>
            ))}
          </fieldset>
        ))}
      </div>
      <FieldError problems={problems} field="events" />
    </fieldset>
  );
}
