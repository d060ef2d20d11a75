/**
 * A command that failed after doing something the operator must not lose (a rotated API key): `output` is
 * printed on stdout as the command's JSON, the error on stderr, exit code 1.
 */
export class CommandFailed extends Error {
  constructor(
    cause: unknown,
    readonly output: Record<string, unknown>,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}
