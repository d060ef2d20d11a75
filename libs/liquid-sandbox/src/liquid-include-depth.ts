import { type Context, type Emitter, IncludeTag, LayoutTag, type Liquid, RenderTag, type TagRenderReturn } from 'liquidjs';

/**
 * Includes (`include`, `render`, `layout`) one render may nest, as Shopify's Liquid allows ("Nesting too deep"
 * beyond 100): enough for a menu rendered recursively, and a template that includes itself, directly or through
 * another, ends with a limit error long before the stack overflows.
 */
export const MAX_INCLUDE_DEPTH = 100;

/** Nesting by render: keyed by the render's time limiter, which `render`'s child contexts share with their parent. */
const depthOfRender = new WeakMap<object, number>();

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a mixin's base takes any constructor arguments (TypeScript's rule)
type TagConstructor = new (...args: any[]) => { render(ctx: Context, emitter: Emitter): TagRenderReturn };

function depthLimited<Base extends TagConstructor>(Including: Base): Base {
  return class extends Including {
    override *render(ctx: Context, emitter: Emitter): TagRenderReturn {
      const depth = (depthOfRender.get(ctx.renderLimit) ?? 0) + 1;
      if (depth > MAX_INCLUDE_DEPTH) throw new Error(`include depth limit exceeded (more than ${MAX_INCLUDE_DEPTH} nested includes)`);
      depthOfRender.set(ctx.renderLimit, depth);
      try {
        return yield super.render(ctx, emitter);
      } finally {
        depthOfRender.set(ctx.renderLimit, depth - 1);
      }
    }
  };
}

/** Replaces the engine's `include`, `render` and `layout` by the same tags counting how deep they nest. */
export function limitIncludeDepth(liquid: Liquid): void {
  liquid.registerTag('include', depthLimited(IncludeTag));
  liquid.registerTag('render', depthLimited(RenderTag));
  liquid.registerTag('layout', depthLimited(LayoutTag));
}
