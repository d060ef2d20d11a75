import type { CommerceClient, StreamedEvent } from '@commerce/sdk';

/**
 * The store's product changes as they happen, until `signal` aborts: one line each. Pass the last id you handled as
 * `lastEventId` after a restart, and the stream starts right after it.
 */
export async function watchProducts(
  client: CommerceClient,
  signal: AbortSignal,
  print: (line: string) => void,
): Promise<string | undefined> {
  let lastId: string | undefined;
  const events = client.events({ topics: ['product/created', 'product/updated'], signal });
  for await (const event of events) {
    print(describe(event));
    lastId = event.id;
  }
  return lastId;
}

/** `event.topic` narrows `event.resource` to the record of its topic, as for a webhook's `data`. */
function describe(event: StreamedEvent<'product/created' | 'product/updated'>): string {
  return `${event.topic} ${event.resource.id} "${event.resource.name}"`;
}
