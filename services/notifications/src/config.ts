import { grpcAddress, loadConfig, serviceConfigSchema, z } from '@commerce/config';

/** An e-mail address as a sender's (MAIL_FROM): the address alone, no display name (the store's name is that). */
const address = z
  .string()
  .trim()
  .regex(/^[^\s@<>"(),;:]+@[^\s@<>"(),;:]+\.[^\s@<>"(),;:]+$/, 'must be an e-mail address such as shop@example.com');

const schema = serviceConfigSchema('notifications')
  .extend({
    /**
     * Where mail is sent (docs/notifications.md#delivery): smtp://user:pass@host:587 (STARTTLS when offered) or
     * smtps://host:465. Unset, nothing leaves the machine: messages are kept, readable with `storectl mail`.
     */
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be smtp://[user:pass@]host[:port] or smtps://...' }).optional(),
    /** The platform's sending address: every message is From "<store name>" <MAIL_FROM>, Reply-To the store's support_email. */
    MAIL_FROM: address.default('orders@shops.localhost'),
    /** DKIM signing (all three or none): the signing domain, the selector, and the PEM private key's file. */
    DKIM_DOMAIN: z.string().trim().min(1).optional(),
    DKIM_SELECTOR: z.string().trim().min(1).optional(),
    DKIM_PRIVATE_KEY_FILE: z.string().trim().min(1).optional(),
    /** Orders answers an order a refund or shipment update names; storefront the store's name and address. */
    ORDERS_GRPC_ADDR: grpcAddress('orders'),
    STOREFRONT_GRPC_ADDR: grpcAddress('storefront'),
    NOTIFICATIONS_BACKEND_DEADLINE_MS: z.coerce.number().int().positive().default(5_000),
    /** How long the SMTP server has for one message, connection included. */
    SMTP_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
    /** Messages sent at once. */
    SMTP_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  })
  .refine((config) => [config.DKIM_DOMAIN, config.DKIM_SELECTOR, config.DKIM_PRIVATE_KEY_FILE].filter(Boolean).length % 3 === 0, {
    message: 'DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY_FILE go together: set all three or none',
    path: ['DKIM_DOMAIN'],
  });

export type NotificationsConfig = z.infer<typeof schema>;

export const loadNotificationsConfig = (env: NodeJS.ProcessEnv = process.env): NotificationsConfig => loadConfig(schema, env);
