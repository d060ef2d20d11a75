import { EVENT_TOPICS, type EventTopic } from '@commerce/sdk';
import { UsageError } from '../usage-error';
import { DEMO_DEFAULTS, baseUrlOf } from '../demo/demo-options';

type Values = Record<string, string | boolean | undefined>;

/** Where `listen` and `trigger` reach the API, and as whom: only the public API, with the store's key. */
export interface ApiAccess {
  /** The gateway's base URL, without `/v1` or a trailing slash. */
  url: string;
  apiKey: string;
}

export interface ListenOptions extends ApiAccess {
  /** The local URL each event is POSTed to, as a webhook delivery. */
  forwardTo: string;
  /** Only these topics; every public topic when absent. */
  events?: EventTopic[];
}

const PUBLIC = new Set<string>(EVENT_TOPICS);

/** `--url` (else PUBLIC_URL, else the stack's base URL) and `--api-key`, which both commands need. */
export function parseApiAccess(command: string, values: Values, env: { PUBLIC_URL?: string }, stackUrl: () => string): ApiAccess {
  const apiKey = stringOf(values['api-key']);
  if (apiKey === undefined) throw new UsageError(`${command} needs --api-key KEY (the store's API key).`);
  return { url: baseUrlOf(stringOf(values.url) ?? (env.PUBLIC_URL?.trim() || stackUrl())), apiKey };
}

/** `storectl listen`'s options: the API access, `--forward-to URL` and `--events a,b`. */
export function parseListenOptions(
  values: Values,
  env: { PUBLIC_URL?: string } = {},
  stackUrl: () => string = () => DEMO_DEFAULTS.url,
): ListenOptions {
  const access = parseApiAccess('listen', values, env, stackUrl);
  const forwardTo = stringOf(values['forward-to']);
  if (forwardTo === undefined) throw new UsageError('listen needs --forward-to URL (where your app receives webhooks).');
  if (!/^https?:\/\/[^/]/.test(forwardTo) || !URL.canParse(forwardTo))
    throw new UsageError('--forward-to must be an http(s) URL such as http://localhost:3000/webhooks.');
  const events = stringOf(values.events)
    ?.split(',')
    .map((topic) => topic.trim())
    .filter(Boolean);
  const unknown = events?.filter((topic) => !PUBLIC.has(topic)) ?? [];
  if (unknown.length > 0) throw new UsageError(`--events names topics that do not exist: ${unknown.slice(0, 5).join(', ')}.`);
  return { ...access, forwardTo, ...(events?.length ? { events: events as EventTopic[] } : {}) };
}

function stringOf(value: string | boolean | undefined): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
