import type { FieldViolations } from '@commerce/grpc-runtime';

/**
 * The most bytes a product's or a collection's rendering (its JSON, as the API answers it and its event carries it)
 * may take after an owner's write. The broker takes 1 MiB a message (NATS's max_payload) and an event is the
 * rendering plus a few hundred bytes of envelope; the other half is headroom for what changes a rendering without an
 * owner's write to that record: the collections a product joins, its shipping group's name, the store's URLs.
 */
export const MAX_RENDERED_BYTES = 512 * 1024;

/** `{ product: ['is too large: ...'] }` when the rendering is over the budget, naming its size. */
export function renderedSizeViolations(record: string, rendering: unknown): FieldViolations {
  const bytes = Buffer.byteLength(JSON.stringify(rendering), 'utf8');
  if (bytes <= MAX_RENDERED_BYTES) return {};
  return { [record]: [`is too large: it would render as ${bytes} bytes (maximum is ${MAX_RENDERED_BYTES})`] };
}
