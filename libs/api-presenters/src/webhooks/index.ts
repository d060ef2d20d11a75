// Webhooks as the API renders them (DESIGN §8).
export { createdWebhookJson, presentWebhook, webhookJson, type WebhookJson } from './webhook.presenter';
export {
  deliveryAttemptJson,
  deliveryJson,
  presentDelivery,
  presentDeliveryAttempt,
  type DeliveryAttemptJson,
  type DeliveryJson,
} from './delivery.presenter';
