import { notifications } from '@commerce/contracts';
import { createClient } from '@commerce/grpc-runtime';
import { onService, type StackLocator } from '../stack-locator';
import { parseMailListOptions, parseMailShowOperands } from './mail-options';
import { presentMessage, presentMessageLine } from './mail-presenter';

type Values = Record<string, string | undefined>;

/**
 * `storectl mail list --store ID [--limit N] [--status S]`: the store's messages, newest first (ListMessages). Where no
 * SMTP server is configured (`npm start`), every message is there with status "kept" (docs/notifications.md).
 */
export async function mailListCommand(stack: StackLocator, values: Values) {
  const options = parseMailListOptions(values);
  const { messages, time_zone } = await onService(stack, 'notifications', (address) =>
    createClient(notifications.NotificationsServiceClient, address).listMessages(
      notifications.ListMessagesRequest.fromPartial({ store_id: options.storeId, limit: options.limit, status: options.status ?? '' }),
    ),
  );
  return { messages: messages.map((message) => presentMessageLine(message, time_zone)), time_zone };
}

/** `storectl mail show ID`: one message of any store (GetMessage with store_id 0, the operator's view), content included. */
export async function mailShowCommand(stack: StackLocator, _values: Values, operands: readonly string[]) {
  const messageId = parseMailShowOperands(operands);
  const { message, time_zone } = await onService(stack, 'notifications', (address) =>
    createClient(notifications.NotificationsServiceClient, address).getMessage({ store_id: 0, message_id: messageId }),
  );
  return { message: presentMessage(message!, time_zone) };
}
