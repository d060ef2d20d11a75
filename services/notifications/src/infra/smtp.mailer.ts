import { readFileSync } from 'node:fs';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Mailer, OutgoingMail } from '../app/notifications-deps';
import type { SendResult } from '../domain/message';

export interface SmtpSettings {
  /** smtp://user:pass@host:port or smtps://...: the credentials never reach a log (nodemailer's logger is off). */
  url: string;
  timeoutMs: number;
  /** Connections kept open to the server, one message at a time each. */
  connections: number;
  dkim?: { domainName: string; keySelector: string; privateKeyFile: string };
}

/** Sends over SMTP with nodemailer (docs/notifications.md#delivery): a pool of connections, DKIM when configured. */
export class SmtpMailer implements Mailer {
  readonly sends = true;
  private readonly transport: Transporter;

  constructor(settings: SmtpSettings) {
    this.transport = nodemailer.createTransport({
      url: settings.url,
      pool: true,
      maxConnections: settings.connections,
      connectionTimeout: settings.timeoutMs,
      greetingTimeout: settings.timeoutMs,
      socketTimeout: settings.timeoutMs,
      logger: false,
      dkim: settings.dkim && {
        domainName: settings.dkim.domainName,
        keySelector: settings.dkim.keySelector,
        privateKey: readFileSync(settings.dkim.privateKeyFile, 'utf8'),
      },
    });
  }

  async send(mail: OutgoingMail): Promise<SendResult> {
    try {
      const info = await this.transport.sendMail({
        messageId: mail.messageId,
        from: { name: mail.from.name, address: mail.from.address },
        to: mail.to,
        replyTo: mail.replyTo,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        date: mail.date,
        // Only these recipients, whatever the headers say.
        envelope: { from: mail.from.address, to: [mail.to] },
        // Auto-Submitted: not a person's mail (RFC 3834): auto-responders do not answer it.
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
      const response = String(info.response ?? '');
      return { accepted: (info.accepted ?? []).length > 0, code: codeOf(response), response };
    } catch (error) {
      const failure = error as { responseCode?: number; response?: string; message?: string; code?: string };
      return {
        accepted: false,
        code: failure.responseCode,
        response: failure.response ?? `${failure.code ?? 'error'}: ${failure.message ?? ''}`,
      };
    }
  }

  close(): void {
    this.transport.close();
  }
}

/** No SMTP server: nothing leaves the machine; the intake keeps every message (status kept) and none is sent. */
export class KeepingMailer implements Mailer {
  readonly sends = false;

  send(): Promise<SendResult> {
    return Promise.resolve({ accepted: false, response: 'no SMTP server is configured (SMTP_URL)' });
  }

  close(): void {}
}

const codeOf = (response: string): number | undefined => {
  const code = Number(response.slice(0, 3));
  return Number.isInteger(code) && code >= 200 ? code : undefined;
};
