import type { JetStreamClient, JsMsg } from 'nats';
import type { DomainEvent } from './domain-event';

export interface DeadLetter {
  /** The event, or undefined when the body could not be parsed (see `payload`). */
  event?: DomainEvent;
  payload?: string;
  error: { name: string; message: string };
  stream: string;
  durable: string;
  subject: string;
  stream_sequence: number;
  deliveries: number;
  failed_at: string;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Writes a failed message with its last error to the dead-letter subject and waits for JetStream's ack. */
export class DeadLetterPublisher {
  constructor(
    private readonly js: JetStreamClient,
    private readonly target: { stream: string; durable: string; subject: string },
  ) {}

  async publish(msg: JsMsg, event: DomainEvent | undefined, cause: unknown): Promise<void> {
    const letter: DeadLetter = {
      ...(event ? { event } : { payload: decoder.decode(msg.data) }),
      error: cause instanceof Error ? { name: cause.name, message: cause.message } : { name: 'Error', message: String(cause) },
      stream: this.target.stream,
      durable: this.target.durable,
      subject: msg.subject,
      stream_sequence: msg.seq,
      deliveries: msg.info.deliveryCount,
      failed_at: new Date().toISOString(),
    };
    // Keyed by stream sequence so retrying the dead-letter publish never stores the letter twice.
    const msgID = `${this.target.stream}:${this.target.durable}:${msg.seq}`;
    await this.js.publish(this.target.subject, encoder.encode(JSON.stringify(letter)), { msgID });
  }
}
