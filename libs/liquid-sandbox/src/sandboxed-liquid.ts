import { type Context, Liquid } from 'liquidjs';
import { DEFAULT_CURRENCY } from '@commerce/money';
import { escapeOutputsOnce, outputEscape } from './liquid-escaping';
import { limitIncludeDepth } from './liquid-include-depth';
import { DEFAULT_LIQUID_LIMITS, type LiquidLimits } from './liquid-limits';
import { currencyNamed, formatMoney } from './money-format';

export interface SandboxOptions {
  /**
   * Every output HTML-escaped once unless its last filter is `raw` (liquid-escaping.ts): the default, for HTML. False for
   * plain text (an e-mail's subject), which the caller makes safe where it goes.
   */
  escapeOutputs?: boolean;
  /** The currency `money` writes in when a template names none (a page's `store.currency`); DEFAULT_CURRENCY without it. */
  defaultCurrency?: (context: Context) => string | undefined;
}

/**
 * Liquid as stores' templates run in it (docs/buyer-site.md#liquid): no file system (`include` and `render` see only
 * `templates`, an in-memory map by name), ownProperty lookups only, the limits, includes nested at most
 * MAX_INCLUDE_DEPTH deep, outputs escaped, and `money` (`{{ cents | money }}`, `{{ order.total | money: order.currency }}`).
 */
export function sandboxedLiquid(
  templates: Record<string, string> = {},
  limits: LiquidLimits = DEFAULT_LIQUID_LIMITS,
  options: SandboxOptions = {},
): Liquid {
  const escapes = options.escapeOutputs !== false;
  const liquid = new Liquid({
    templates,
    ...(escapes ? { outputEscape } : {}),
    ownPropertyOnly: true,
    strictFilters: false,
    strictVariables: false,
    cache: 100,
    ...limits,
  });
  limitIncludeDepth(liquid);
  if (escapes) escapeOutputsOnce(liquid);
  const defaultCurrency = options.defaultCurrency;
  liquid.registerFilter('money', function (this: { context: Context }, minor: unknown, currency?: unknown) {
    return formatMoney(minor, currencyNamed(currency) ?? defaultCurrency?.(this.context) ?? DEFAULT_CURRENCY);
  });
  return liquid;
}
