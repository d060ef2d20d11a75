// Webhooks as the API renders them (docs/webhooks.md#the-record).
export { createdWebhookJson, presentWebhook, webhookJson, type WebhookJson } from './webhook.presenter';
export {
  deliveryAttemptJson,
  deliveryJson,
  presentDelivery,
  presentDeliveryAttempt,
  type DeliveryAttemptJson,
  type DeliveryJson,
} from './delivery.presenter';
