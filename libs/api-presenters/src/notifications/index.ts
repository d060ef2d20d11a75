// E-mail templates and the message log as the API renders them (docs/notifications.md#templates, docs/notifications.md#the-message-log).
export { emailTemplateJson, presentEmailTemplate, type EmailTemplateJson } from './email-template.presenter';
export {
  notificationAttemptJson,
  notificationJson,
  notificationWithContentJson,
  presentNotification,
  presentNotificationAttempt,
  presentNotificationWithContent,
  type NotificationAttemptJson,
  type NotificationJson,
  type NotificationWithContentJson,
} from './notification.presenter';
