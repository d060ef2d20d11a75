import type { StackLocator } from '../stack-locator';
import { parseApiAccess, parseListenOptions } from './dev-options';
import { listen } from './listen.command';
import { trigger } from './trigger.command';

/** `storectl listen`: runs until Ctrl-C (SIGINT) or SIGTERM, printing JSON lines; answers nothing more to print. */
export async function listenCommand(stack: StackLocator, values: Record<string, string | undefined>): Promise<undefined> {
  const options = parseListenOptions(values, process.env, () => stack.baseUrl());
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
  try {
    await listen(options, (line) => process.stdout.write(`${JSON.stringify(line)}\n`), stop.signal);
  } finally {
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
  }
  return undefined;
}

/** `storectl trigger TOPIC`. */
export function triggerCommand(stack: StackLocator, values: Record<string, string | undefined>, operands: string[]) {
  return trigger(
    operands[0],
    parseApiAccess('trigger', values, process.env, () => stack.baseUrl()),
  );
}
