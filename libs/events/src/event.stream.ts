import { nanos, StorageType, type JetStreamManager, type StreamInfo } from 'nats';
import { assertContext } from './domain-event';

// Longer than any retry horizon of the relay, so a publish repeated after a crash is dropped by JetStream.
export const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;
export const DEAD_LETTER_STREAM = 'DEADLETTER';
export const DEAD_LETTER_SUBJECTS = 'deadletter.>';

export function eventStreamName(context: string): string {
  assertContext(context);
  return `EVENTS_${context.toUpperCase().replace(/-/g, '_')}`;
}

/** One file-backed stream per context capturing `events.<ctx>.>`; creates or updates, safe to call on every start. */
export function ensureStream(jsm: JetStreamManager, context: string): Promise<StreamInfo> {
  return ensureFileStream(jsm, eventStreamName(context), `events.${context}.>`);
}

/** Captures every consumer's dead letters (`deadletter.<stream>.<durable>`) so none are lost. */
export function ensureDeadLetterStream(jsm: JetStreamManager): Promise<StreamInfo> {
  return ensureFileStream(jsm, DEAD_LETTER_STREAM, DEAD_LETTER_SUBJECTS);
}

async function ensureFileStream(jsm: JetStreamManager, name: string, subject: string): Promise<StreamInfo> {
  const wanted = { subjects: [subject], duplicate_window: nanos(DUPLICATE_WINDOW_MS) };
  const existing = await streamInfo(jsm, name);
  if (!existing) {
    try {
      return await jsm.streams.add({ name, storage: StorageType.File, ...wanted });
    } catch (err) {
      // Another replica created it between our lookup and add: fall through to the update.
      if (!(await streamInfo(jsm, name))) throw err;
    }
  }
  return jsm.streams.update(name, wanted);
}

async function streamInfo(jsm: JetStreamManager, name: string): Promise<StreamInfo | null> {
  try {
    return await jsm.streams.info(name);
  } catch (err) {
    if (isNotFound(err)) return null;
    throw err;
  }
}

export function isNotFound(err: unknown): boolean {
  const apiError = (err as { api_error?: { code?: number } } | null)?.api_error;
  return apiError?.code === 404;
}
