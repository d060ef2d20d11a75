import type { DomainEvent } from './domain-event';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function encodeEvent(event: DomainEvent): Uint8Array {
  return encoder.encode(JSON.stringify(event));
}

/** Parses a message body; throws when it is not a domain event envelope (such a message can only be dead-lettered). */
export function decodeEvent(data: Uint8Array): DomainEvent {
  const value: unknown = JSON.parse(decoder.decode(data));
  if (!isDomainEvent(value)) throw new Error('message body is not a domain event envelope');
  return value;
}

function isDomainEvent(value: unknown): value is DomainEvent {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    typeof v.topic === 'string' &&
    typeof v.store_id === 'number' &&
    typeof v.occurred_at === 'string' &&
    typeof v.resource === 'object' &&
    v.resource !== null &&
    typeof v.sequence === 'number' &&
    typeof v.resource_type === 'string' &&
    typeof v.resource_id === 'number'
  );
}
