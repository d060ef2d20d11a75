// The logging this library needs, as a structural subset of pino's Logger: services inject their own.

export interface Logger {
  info(fields: object, message?: string): void;
  warn(fields: object, message?: string): void;
  error(fields: object, message?: string): void;
}

/** Fallback when nothing is injected: one JSON line on stderr, so an unexpected error is never swallowed. */
export const stderrLogger: Logger = {
  info: (fields, message) => writeLine(30, fields, message),
  warn: (fields, message) => writeLine(40, fields, message),
  error: (fields, message) => writeLine(50, fields, message),
};

function writeLine(level: number, fields: object, message?: string): void {
  const entry: Record<string, unknown> = { level, time: Date.now(), msg: message };
  for (const [key, value] of Object.entries(fields)) {
    entry[key] = value instanceof Error ? { type: value.name, message: value.message, stack: value.stack } : value;
  }
  process.stderr.write(`${JSON.stringify(entry)}\n`);
}

export const silentLogger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
