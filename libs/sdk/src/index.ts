export { createClient } from './client';
export type { AnswerOf, CallMethod, ClientOptions, CommerceClient, ItemOf, PagedPath, PathsWith } from './client';
export type { ApiKeyCredentials, OAuthCredentials, OAuthTokens } from './credentials';
export { CommerceApiError } from './errors';
export type { EventStreamOptions, EventTopic, StreamedEvent } from './event-stream';
export type { RetryOptions } from './retry-policy';
export { verifyWebhook, WebhookVerificationError, WEBHOOK_TOPICS } from './webhooks';
export type { AppUninstalled, WebhookEvent, WebhookHeaders, WebhookResources, WebhookTestPing, WebhookTopic } from './webhooks';
export type { components, operations, paths } from './generated/openapi';
