import { UsageError } from '../usage-error';

/** A message's status as ListMessages filters on it (proto/commerce/notifications/v1/notifications.proto, Message.status). */
export const MESSAGE_STATUSES = ['pending', 'sent', 'failed', 'kept'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** `storectl mail list` as the operator asked for it; absent, the service's default page size and every status. */
export interface MailListOptions {
  storeId: number;
  limit?: number;
  status?: MessageStatus;
}

type Values = Record<string, string | boolean | undefined>;

/** Reads `--store ID [--limit N] [--status S]`; the page size's upper bound is the service's to say (docs/notifications.md). */
export function parseMailListOptions(values: Values): MailListOptions {
  const storeText = stringOf(values.store);
  if (storeText === undefined) throw new UsageError('mail list needs --store ID.');
  const limitText = stringOf(values.limit);
  const status = stringOf(values.status)?.toLowerCase();
  if (status !== undefined && !(MESSAGE_STATUSES as readonly string[]).includes(status))
    throw new UsageError(`--status must be one of ${MESSAGE_STATUSES.join(', ')}.`);
  return {
    storeId: wholeNumber('--store', storeText),
    ...(limitText !== undefined ? { limit: wholeNumber('--limit', limitText) } : {}),
    ...(status !== undefined ? { status: status as MessageStatus } : {}),
  };
}

/** Reads `mail show ID`: the message id is the one operand after the command's two words. */
export function parseMailShowOperands(operands: readonly string[]): number {
  if (operands.length === 0) throw new UsageError('mail show needs a message ID (as `mail list` prints it).');
  if (operands.length > 1) throw new UsageError(`mail show takes one message ID, not ${operands.length}.`);
  return wholeNumber('The message ID', operands[0]!);
}

function stringOf(value: string | boolean | undefined): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function wholeNumber(name: string, text: string): number {
  const value = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(value) || value < 1) throw new UsageError(`${name} must be a whole number, 1 or more.`);
  return value;
}
