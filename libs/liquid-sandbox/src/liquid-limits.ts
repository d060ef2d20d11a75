/** How far one render may go before it ends with an error instead of holding the process (docs/buyer-site.md). */
export interface LiquidLimits {
  /** Characters one parse may read. */
  parseLimit: number;
  /** Milliseconds one render may take. */
  renderLimit: number;
  /** Allocation units (characters, array items) one render may make. */
  memoryLimit: number;
}

export const DEFAULT_LIQUID_LIMITS: LiquidLimits = { parseLimit: 1_000_000, renderLimit: 250, memoryLimit: 20_000_000 };

/**
 * The error a render that went too far ends with: a liquidjs limit's, or a stack overflow (markup nested too deeply
 * for the stack even within MAX_INCLUDE_DEPTH includes) made one, so it is held like the others; null for any other.
 */
export function limitErrorOf(error: unknown): Error | null {
  if (!(error instanceof Error)) return null;
  if (/limit exceeded/.test(error.message)) return error;
  if (/maximum call stack size exceeded/i.test(error.message))
    return new Error('render depth limit exceeded (markup and includes nested too deeply)');
  return null;
}
