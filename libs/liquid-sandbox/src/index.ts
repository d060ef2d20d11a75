// @commerce/liquid-sandbox: the Liquid stores' templates run in, the buyer site's pages and the e-mail alike (docs/buyer-site.md#liquid).
export { escapeHtml, textToParagraphs } from './html-text';
export { escapeOnce, escapeOutputsOnce, outputEscape } from './liquid-escaping';
export { limitIncludeDepth, MAX_INCLUDE_DEPTH } from './liquid-include-depth';
export { DEFAULT_LIQUID_LIMITS, limitErrorOf, type LiquidLimits } from './liquid-limits';
export { currencyNamed, formatMoney } from './money-format';
export { sandboxedLiquid, type SandboxOptions } from './sandboxed-liquid';
