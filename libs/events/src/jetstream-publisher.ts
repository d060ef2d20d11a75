// JetStream publishes acknowledged through one subscription, as nats.go's PublishAsync does: nats.js's js.publish is
// a request per message (a deferred, a timer, a mux entry, and on the ack a NatsError(CANCELLED) with its stack for
// the request it just resolved: 3.6% of catalog's CPU under write load).
import {
  createInbox,
  ErrorCode,
  headers as natsHeaders,
  NatsError,
  type ApiError,
  type JetStreamClient,
  type Msg,
  type MsgHdrs,
  type NatsConnection,
  type PubAck,
  type Subscription,
} from 'nats';

export interface StreamPublishOptions {
  /** Sent as `Nats-Msg-Id`: the stream drops a second message with the same id within its duplicate window. */
  msgID: string;
  /** How long to wait for the stream's acknowledgement; 5 s when left out, as nats.js. */
  timeout?: number;
  /** Sent with the message (e.g. `traceparent`); `Nats-Msg-Id` is set on them. */
  headers?: MsgHdrs;
}

/** Publishes a message to the stream bound to its subject and resolves with the stream's acknowledgement. */
export interface StreamPublisher {
  publish(subject: string, data: Uint8Array, options: StreamPublishOptions): Promise<PubAck>;
}

const MSG_ID_HEADER = 'Nats-Msg-Id';
const DEFAULT_TIMEOUT_MS = 5_000;
const decoder = new TextDecoder();

interface PendingAck {
  resolve(ack: PubAck): void;
  reject(error: Error): void;
  /** Epoch ms past which the publish fails with TIMEOUT. */
  deadline: number;
}

/** The stream's answer to a publish: a PubAck, or an API error (`{ error: { code, err_code, description } }`). */
interface PubAckResponse {
  stream?: string;
  seq?: number;
  duplicate?: boolean;
  domain?: string;
  error?: ApiError;
}

/**
 * Publishes with `nc.publish` and a reply subject `<inbox prefix>.<nuid>.<token>`, all answered through one wildcard
 * subscription made on the first publish; a Map finds each publish's promise by its token, and one timer, armed for
 * the earliest deadline, fails the overdue ones. Fails the way nats.js's js.publish does (same codes, `api_error`),
 * so callers tell poison from broker trouble alike.
 */
export class JetStreamPublisher implements StreamPublisher {
  private readonly pending = new Map<string, PendingAck>();
  private replyPrefix = '';
  private subscription?: Subscription;
  private sent = 0;
  private timer?: NodeJS.Timeout;
  private timerDueAt = Infinity;
  private closedBy?: NatsError;

  constructor(private readonly nc: NatsConnection) {}

  /**
   * Resolves with the stream's PubAck (`duplicate: true` when the stream already had the msgID). Rejects with the
   * error nats.js would give: MAX_PAYLOAD_EXCEEDED or BAD_SUBJECT from the client, code `503` when no stream takes
   * the subject, the stream's API error (`api_error.err_code`, e.g. 10054 above its max_msg_size), TIMEOUT, or
   * CONNECTION_CLOSED.
   */
  publish(subject: string, data: Uint8Array, options: StreamPublishOptions): Promise<PubAck> {
    // What send() throws (the client's own checks) rejects the promise.
    return new Promise<PubAck>((resolve, reject) => this.send(subject, data, options, resolve, reject));
  }

  /** Fails what is pending and every later publish (CONNECTION_CLOSED) and drops the subscription. */
  close(): void {
    this.finish(withoutStackTraces(() => new NatsError('publisher closed', ErrorCode.ConnectionClosed)));
    this.subscription?.unsubscribe();
  }

  private send(
    subject: string,
    data: Uint8Array,
    options: StreamPublishOptions,
    resolve: (ack: PubAck) => void,
    reject: (error: Error) => void,
  ): void {
    if (this.closedBy) throw this.closedBy;
    const token = (++this.sent).toString(36);
    const headers = options.headers ?? natsHeaders();
    headers.set(MSG_ID_HEADER, options.msgID);
    this.nc.publish(subject, data, { reply: this.replyPrefixForAcks() + token, headers });
    // Registered once sent: an ack can only arrive on a later turn of the event loop.
    const deadline = Date.now() + (options.timeout || DEFAULT_TIMEOUT_MS);
    this.pending.set(token, { resolve, reject, deadline });
    this.expireAt(deadline);
  }

  private replyPrefixForAcks(): string {
    if (this.subscription) return this.replyPrefix;
    const prefix = `${createInbox(inboxPrefixOf(this.nc))}.`;
    const subscription = this.nc.subscribe(`${prefix}*`, { callback: (error, msg) => this.onReply(error, msg) });
    this.replyPrefix = prefix;
    this.subscription = subscription;
    // Closed with the connection (or by close()): no ack can arrive any more.
    void subscription.closed.then(() => this.finish(natsError(ErrorCode.ConnectionClosed)));
    return prefix;
  }

  private onReply(error: NatsError | null, msg: Msg): void {
    if (error) {
      // The subscription itself failed (e.g. a permissions violation): none of the pending acks can arrive.
      for (const waiting of this.takeAll()) waiting.reject(error);
      return;
    }
    const token = msg.subject.slice(this.replyPrefix.length);
    const waiting = this.pending.get(token);
    if (!waiting) return; // answered after its timeout
    this.pending.delete(token);
    const answer = pubAckOf(msg);
    if (answer instanceof Error) waiting.reject(answer);
    else waiting.resolve(answer);
  }

  /** Arms the one timer for `deadline` unless it already fires sooner. */
  private expireAt(deadline: number): void {
    if (this.timer && this.timerDueAt <= deadline) return;
    clearTimeout(this.timer);
    this.timerDueAt = deadline;
    this.timer = setTimeout(this.expireOverdue, Math.max(0, deadline - Date.now()));
    this.timer.unref();
  }

  private readonly expireOverdue = (): void => {
    this.timer = undefined;
    const now = Date.now();
    let next = Infinity;
    for (const [token, waiting] of this.pending) {
      if (waiting.deadline > now) {
        next = Math.min(next, waiting.deadline);
        continue;
      }
      this.pending.delete(token);
      waiting.reject(natsError(ErrorCode.Timeout));
    }
    if (next !== Infinity) this.expireAt(next);
  };

  private finish(reason: NatsError): void {
    this.closedBy ??= reason;
    clearTimeout(this.timer);
    this.timer = undefined;
    for (const waiting of this.takeAll()) waiting.reject(reason);
  }

  private takeAll(): PendingAck[] {
    const all = [...this.pending.values()];
    this.pending.clear();
    return all;
  }
}

/**
 * nats.js's own publish (a request per message) as a StreamPublisher. The Error each request builds for the stack of
 * a later timeout is built without one (that Error cost ~5% of a service's CPU under write load); its timeouts still
 * reject with the message and code that say what happened.
 */
export function requestPublisher(js: JetStreamClient): StreamPublisher {
  return { publish: (subject, data, options) => withoutStackTraces(() => js.publish(subject, data, options)) };
}

/** The stream's answer as nats.js's js.publish reports it: its PubAck, or the error it throws. */
function pubAckOf(msg: Msg): PubAck | NatsError {
  // The server answers for a subject no stream listens on with an empty 503 (no responders).
  if (msg.data.length === 0 && msg.headers?.code === 503) return natsError(ErrorCode.NoResponders);
  let response: PubAckResponse;
  try {
    response = JSON.parse(decoder.decode(msg.data)) as PubAckResponse;
  } catch {
    // Not the event's fault, so not BAD_JSON (which would make the relay dead-letter it).
    return natsError(ErrorCode.JetStreamInvalidAck);
  }
  const apiError = response.error && streamApiError(response.error);
  if (apiError) return apiError;
  if (!response.stream) return natsError(ErrorCode.JetStreamInvalidAck);
  const ack: PubAck = { stream: response.stream, seq: response.seq ?? 0, duplicate: response.duplicate === true };
  if (response.domain) ack.domain = response.domain;
  return ack;
}

/** nats.js's checkJsErrorCode for a publish's answer: the description lower-cased, the HTTP-like code as `code`. */
function streamApiError(error: ApiError): NatsError | undefined {
  if (error.code < 300) return undefined;
  const description = (error.description ?? '').toLowerCase();
  const apiError =
    error.code === 503
      ? natsError(ErrorCode.JetStreamNotEnabled, new Error(description))
      : withoutStackTraces(() => new NatsError(description || ErrorCode.Unknown, `${error.code}`));
  apiError.api_error = error;
  return apiError;
}

/**
 * An error of a reply or of the timer, built as nats.js builds it but without a stack (it would show only the socket
 * reader or the timer).
 */
function natsError(code: ErrorCode, chainedError?: Error): NatsError {
  return withoutStackTraces(() => NatsError.errorForCode(code, chainedError));
}

function withoutStackTraces<R>(start: () => R): R {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return start();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/** The connection's inbox prefix (ConnectionOptions.inboxPrefix), where nats.js's own requests get their answers. */
function inboxPrefixOf(nc: NatsConnection): string | undefined {
  return (nc as { options?: { inboxPrefix?: string } }).options?.inboxPrefix;
}
