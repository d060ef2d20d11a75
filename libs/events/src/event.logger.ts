/** The slice of a pino logger this lib uses, so it needs no logging dependency. */
export interface EventLogger {
  info(obj: Record<string, unknown>, msg: string): void;
  warn(obj: Record<string, unknown>, msg: string): void;
  error(obj: Record<string, unknown>, msg: string): void;
}

export const silentLogger: EventLogger = { info() {}, warn() {}, error() {} };

export function errorFields(err: unknown): { err: { name: string; message: string } } {
  if (err instanceof Error) return { err: { name: err.name, message: err.message } };
  return { err: { name: 'Error', message: String(err) } };
}
