import type { DestinationStream } from 'pino';

type PinoPretty = typeof import('pino-pretty');

/** pino-pretty is loaded only where lines are made readable (a terminal), never by a process writing JSON. */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use only
const pinoPretty = (): PinoPretty => require('pino-pretty') as PinoPretty;

/** How a process writes its log: JSON lines (the default, for collectors) or readable lines for a person. */
export type LogFormat = 'json' | 'pretty';

/**
 * One readable line per entry: time, level, the request id when there is one, the message, then the
 * other fields on the same line. The service name is left to the caller's prefix (the launcher writes
 * `[catalog]` before each line) or shown by `pretty` streams of a single process.
 */
function prettyOptions(colorize: boolean, showService: boolean) {
  return {
    colorize,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,request_id,service',
    messageFormat: `${showService ? '{service} ' : ''}{if request_id}[{request_id}] {end}{msg}`,
  };
}

/**
 * Turns one JSON log line into a readable one; a line that is not a JSON object (a crash trace, a
 * child's plain output) comes back as it was. For the launcher, which reads its services' JSON lines.
 */
export function prettyLogLines(options: { colorize: boolean }): (line: string) => string {
  const format = pinoPretty().prettyFactory(prettyOptions(options.colorize, false));
  return (line) => {
    if (!line.startsWith('{')) return line;
    const pretty = format(line);
    return pretty.endsWith('\n') ? pretty.slice(0, -1) : pretty;
  };
}

/** A synchronous readable stream for a process run alone with LOG_FORMAT=pretty (colours on a terminal). */
export function prettyDestination(destination?: DestinationStream): DestinationStream {
  const colorize = destination === undefined && process.stdout.isTTY === true;
  return pinoPretty().build({ ...prettyOptions(colorize, true), sync: true, destination: destination ?? 1 });
}
