import { isPermanentPublishFailure } from '@commerce/events';
import { rejectionWith } from '@commerce/testing';
import { connect, headers, NatsError, type JetStreamClient, type StreamConfig } from 'nats';
import { JetStreamPublisher } from './jetstream-publisher';
import { startNatsFixture, stopNatsFixture, streamMessages, type NatsFixture } from './nats-test.fixture';

let nats: NatsFixture;
let js: JetStreamClient;
let publisher: JetStreamPublisher;
let stream = '';
let subject = '';
let streamCounter = 0;

const encoder = new TextEncoder();
const bytes = (text: string) => encoder.encode(text);

beforeAll(async () => {
  nats = await startNatsFixture();
  js = nats.nc.jetstream();
});

afterAll(() => stopNatsFixture(nats));

// Each test publishes to a stream of its own, and through a publisher of its own.
beforeEach(async () => {
  stream = await addStream();
  subject = `${stream.toLowerCase()}.a`;
  publisher = new JetStreamPublisher(nats.nc);
});

afterEach(() => publisher.close());

async function addStream(config: Partial<StreamConfig> = {}): Promise<string> {
  const name = `PUB${++streamCounter}`;
  await nats.jsm.streams.add({ name, subjects: [`${name.toLowerCase()}.>`], ...config });
  return name;
}

/** The NatsError a publish fails with; fails the test if it succeeds or fails otherwise. */
const failureOf = (publish: Promise<unknown>): Promise<NatsError> => rejectionWith(publish, NatsError);

/** What callers of a failed publish look at. */
const shapeOf = (error: NatsError) => ({ name: error.name, message: error.message, code: error.code, api_error: error.api_error });

/** A subject some plain subscriber receives and never answers: a publish there waits for an ack that never comes. */
async function unansweredSubject(): Promise<string> {
  const silent = `silent.${++streamCounter}`;
  nats.nc.subscribe(silent, { callback: () => undefined });
  await nats.nc.flush(); // the server knows the subscriber before any publish, from any connection
  return silent;
}

describe('JetStreamPublisher', () => {
  it('stores a message on the stream bound to its subject and answers with its sequence', async () => {
    const ack = await publisher.publish(subject, bytes('one'), { msgID: 'm-1' });

    expect(ack).toEqual({ stream, seq: 1, duplicate: false });
    const [message] = await streamMessages(nats.jsm, stream);
    expect(message).toMatchObject({ subject, seq: 1 });
    expect(message.string()).toBe('one');
    expect(message.header.get('Nats-Msg-Id')).toBe('m-1');
  });

  it('answers a second publish of the same msgID as a duplicate, and the stream keeps one message', async () => {
    await publisher.publish(subject, bytes('first'), { msgID: 'same' });
    const again = await publisher.publish(subject, bytes('second'), { msgID: 'same' });

    expect(again).toEqual({ stream, seq: 1, duplicate: true });
    expect((await streamMessages(nats.jsm, stream)).map((message) => message.string())).toEqual(['first']);
  });

  it('answers many publishes in flight each with its own sequence, in the order they were sent', async () => {
    const count = 500;
    const acks = await Promise.all(
      Array.from({ length: count }, (_, i) => publisher.publish(subject, bytes(`${i}`), { msgID: `many-${i}` })),
    );

    expect(acks.map((ack) => ack.seq)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    const stored = await streamMessages(nats.jsm, stream);
    expect(stored.map((message) => message.string())).toEqual(Array.from({ length: count }, (_, i) => `${i}`));
  });

  it("sends the caller's headers with the message, beside Nats-Msg-Id", async () => {
    const traced = headers();
    traced.set('traceparent', '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01');

    await publisher.publish(subject, bytes('traced'), { msgID: 'traced-1', headers: traced });

    const [message] = await streamMessages(nats.jsm, stream);
    expect(message.header.get('traceparent')).toBe('00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01');
    expect(message.header.get('Nats-Msg-Id')).toBe('traced-1');
  });

  it('fails at once, as nats.js does (no responders, 503), for a subject no stream takes', async () => {
    // A timeout far past the test's own: only the server's immediate no-responders answer can end this publish.
    const failure = await failureOf(publisher.publish('nostream.a', bytes('lost'), { msgID: 'lost-1', timeout: 120_000 }));

    expect(failure.code).toBe('503');
    expect(shapeOf(failure)).toEqual(shapeOf(await failureOf(js.publish('nostream.a', bytes('lost'), { msgID: 'lost-2' }))));
    expect(isPermanentPublishFailure(failure)).toBe(false);
  });

  it("fails with the stream's API error 10054, a permanent failure, for a message above the stream's max_msg_size", async () => {
    const small = await addStream({ max_msg_size: 64 });
    const tooLarge = bytes('x'.repeat(65));

    const failure = await failureOf(publisher.publish(`${small.toLowerCase()}.a`, tooLarge, { msgID: 'large-1' }));

    expect(failure.api_error).toMatchObject({ code: 400, err_code: 10054 });
    expect(isPermanentPublishFailure(failure)).toBe(true);
    expect(shapeOf(failure)).toEqual(shapeOf(await failureOf(js.publish(`${small.toLowerCase()}.a`, tooLarge, { msgID: 'large-2' }))));
    expect(await streamMessages(nats.jsm, small)).toEqual([]);
  });

  it("fails with MAX_PAYLOAD_EXCEEDED, a permanent failure, for a message above the server's max_payload", async () => {
    const aboveMaxPayload = new Uint8Array((nats.nc.info?.max_payload ?? 1_048_576) + 1);

    const failure = await failureOf(publisher.publish(subject, aboveMaxPayload, { msgID: 'huge-1' }));

    expect(failure.code).toBe('MAX_PAYLOAD_EXCEEDED');
    expect(isPermanentPublishFailure(failure)).toBe(true);
    expect(shapeOf(failure)).toEqual(shapeOf(await failureOf(js.publish(subject, aboveMaxPayload, { msgID: 'huge-2' }))));
  });

  it('fails with TIMEOUT when the ack does not come in time, and publishes on afterwards', async () => {
    const silent = await unansweredSubject();

    const failure = await failureOf(publisher.publish(silent, bytes('unheard'), { msgID: 'unheard-1', timeout: 150 }));

    expect(shapeOf(failure)).toEqual(shapeOf(await failureOf(js.publish(silent, bytes('unheard'), { msgID: 'unheard-2', timeout: 150 }))));
    expect(failure.code).toBe('TIMEOUT');
    expect(await publisher.publish(subject, bytes('after'), { msgID: 'after-1' })).toMatchObject({ stream, seq: 1 });
  });

  it('times out each publish at its own deadline, a short one behind a long one included', async () => {
    const silent = await unansweredSubject();
    const long = publisher.publish(silent, bytes('long'), { msgID: 'long-1', timeout: 60_000 });
    const short = failureOf(publisher.publish(silent, bytes('short'), { msgID: 'short-1', timeout: 100 }));

    expect((await short).code).toBe('TIMEOUT');
    publisher.close();
    expect((await failureOf(long)).code).toBe('CONNECTION_CLOSED');
  });

  it('fails what is pending and every later publish once closed', async () => {
    const pending = failureOf(publisher.publish(await unansweredSubject(), bytes('pending'), { msgID: 'pending-1', timeout: 60_000 }));

    publisher.close();

    expect((await pending).code).toBe('CONNECTION_CLOSED');
    expect((await failureOf(publisher.publish(subject, bytes('later'), { msgID: 'later-1' }))).code).toBe('CONNECTION_CLOSED');
    expect(await streamMessages(nats.jsm, stream)).toEqual([]);
  });

  it('fails what is pending when its connection closes', async () => {
    const nc = await connect({ servers: nats.server.url });
    const own = new JetStreamPublisher(nc);
    const pending = failureOf(own.publish(await unansweredSubject(), bytes('pending'), { msgID: 'pending-2', timeout: 60_000 }));

    await nc.close();

    expect((await pending).code).toBe('CONNECTION_CLOSED');
    expect((await failureOf(own.publish(subject, bytes('later'), { msgID: 'later-2' }))).code).toBe('CONNECTION_CLOSED');
  });
});
