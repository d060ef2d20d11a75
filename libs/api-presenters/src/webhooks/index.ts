// Webhooks as the API renders them (DESIGN §8).
export { presentWebhook, type WebhookJson } from './webhook.presenter';
export { presentDelivery, presentDeliveryAttempt, type DeliveryJson } from './delivery.presenter';
