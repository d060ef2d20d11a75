// A real SMTP server for tests (the `smtp-server` package), reading what arrives with `mailparser`: the receiving end of
// notifications' e-mail (docs/notifications.md#delivery). Answers can be made to fail, temporarily or for good, and the
// server stopped and started again on the same port, to test retries.
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from '@commerce/config';

/** One message as received: the envelope's recipients, the parsed message, and its raw text. */
export interface ReceivedMail {
  envelopeTo: string[];
  envelopeFrom: string;
  mail: ParsedMail;
  raw: string;
  messageId: string;
}

/** What the server answers to the next messages' DATA: accept, or an SMTP code with its text. */
export type SmtpAnswer = 'accept' | { code: number; text: string };

export interface SmtpReceiver {
  readonly port: number;
  /** smtp://127.0.0.1:<port>: what SMTP_URL is set to. */
  readonly url: string;
  /** Every message accepted, in order (a resend of one appears again). */
  readonly received: ReceivedMail[];
  /** The answer to every following message (default accept). */
  answer(answer: SmtpAnswer): void;
  /** How long the server holds each message's DATA before it answers (default 0): sends under way for that long. */
  holdMs: number;
  /** Messages whose DATA reached the server, accepted or not. */
  readonly offered: number;
  /** Stops listening (connections are refused) until `start` again, on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** Starts a receiver on a free port (or `port`). No TLS, no authentication: a test's own loopback server. */
export async function startSmtpReceiver(port?: number): Promise<SmtpReceiver> {
  const chosen = port ?? (await freePort());
  const received: ReceivedMail[] = [];
  let answer: SmtpAnswer = 'accept';
  let offered = 0;
  const settings = { holdMs: 0 };
  let server: SMTPServer | null = null;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        // No reverse DNS of 127.0.0.1 at each connection: a test machine may have no resolver to ask.
        disableReverseLookup: true,
        size: 10 * 1024 * 1024,
        // A stop drops open connections (the sender's pooled ones) at once, as a server going down would.
        closeTimeout: 100,
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => setTimeout(answerData, settings.holdMs));
          const answerData = () => {
            offered++;
            const raw = Buffer.concat(chunks).toString('utf8');
            if (answer !== 'accept') {
              const refusal = Object.assign(new Error(answer.text), { responseCode: answer.code });
              callback(refusal);
              return;
            }
            simpleParser(raw).then(
              (mail) => {
                received.push({
                  envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
                  envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                  mail,
                  raw,
                  messageId: mail.messageId ?? '',
                });
                callback();
              },
              (error: Error) => callback(error),
            );
          };
        },
      });
      server.once('error', reject);
      server.listen(chosen, '127.0.0.1', () => resolve());
    });

  await listen();
  return {
    port: chosen,
    url: `smtp://127.0.0.1:${chosen}`,
    received,
    get offered() {
      return offered;
    },
    get holdMs() {
      return settings.holdMs;
    },
    set holdMs(ms: number) {
      settings.holdMs = ms;
    },
    answer(next) {
      answer = next;
    },
    async stop() {
      const running = server;
      server = null;
      if (running) await new Promise<void>((resolve) => running.close(() => resolve()));
    },
    async start() {
      if (!server) await listen();
    },
  };
}
