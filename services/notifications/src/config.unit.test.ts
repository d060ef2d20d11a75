import { ConfigError } from '@commerce/config';
import { loadNotificationsConfig } from './config';

const BASE = { NATS_URL: 'nats://127.0.0.1:4222' };

describe('notifications config', () => {
  it('keeps mail on the machine by default: no SMTP_URL, the platform address as sender', () => {
    const config = loadNotificationsConfig(BASE);
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.MAIL_FROM).toBe('orders@shops.localhost');
  });

  it('takes smtp:// and smtps:// URLs with credentials', () => {
    expect(loadNotificationsConfig({ ...BASE, SMTP_URL: 'smtps://mailer:s3cret@mail.example.com:465' }).SMTP_URL).toBe(
      'smtps://mailer:s3cret@mail.example.com:465',
    );
  });

  it('refuses another scheme, naming the variable but never echoing its value (it holds a password)', () => {
    const problem = (() => {
      try {
        loadNotificationsConfig({ ...BASE, SMTP_URL: 'http://mailer:s3cret@mail.example.com' });
      } catch (error) {
        return error as Error;
      }
      throw new Error('expected a ConfigError');
    })();
    expect(problem).toBeInstanceOf(ConfigError);
    expect(problem.message).toMatch(/SMTP_URL: must be smtp:/);
    expect(problem.message).not.toContain('s3cret');
  });

  it.each(['Shop <shop@example.com>', 'not-an-address', 'a@b'])('refuses MAIL_FROM %p', (from) => {
    expect(() => loadNotificationsConfig({ ...BASE, MAIL_FROM: from })).toThrow(/MAIL_FROM: must be an e-mail address/);
  });

  it('takes DKIM settings all together or not at all', () => {
    const dkim = { DKIM_DOMAIN: 'example.com', DKIM_SELECTOR: 'mail', DKIM_PRIVATE_KEY_FILE: '/etc/dkim.pem' };
    expect(loadNotificationsConfig({ ...BASE, ...dkim }).DKIM_SELECTOR).toBe('mail');
    expect(() => loadNotificationsConfig({ ...BASE, DKIM_DOMAIN: 'example.com' })).toThrow(/DKIM_DOMAIN.*go together/);
  });
});
