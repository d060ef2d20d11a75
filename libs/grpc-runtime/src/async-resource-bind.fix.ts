// A backport of Node's own fix for `AsyncResource.prototype.bind` (nodejs/node#58218, fixed in
// v24 by #59195/#59518, property removed on main by #58618) for the Node versions that lack it.
//
// Why a gRPC library cares: node's HTTP/2 client binds one function per request
// (`reqAsync.bind(...)` in ClientHttp2Session.request), so every grpc-js call goes through it. On
// Node 20 that bind defines the deprecated `asyncResource` accessor through `deprecate()`, which
// swaps the prototype of two fresh functions (`Object.setPrototypeOf`) per call. Measured in the
// gateway (test/bench): ~12% of its CPU per request, and with it a quarter of every call's garbage
// surviving young-generation collections (longer GC pauses, worse p99). Fixed Node versions keep
// the accessor without the swap; so does this replacement. Nothing else changes: the bound function
// runs `fn` in the resource's async scope with the same `this`, arguments and `length`.
import { AsyncResource } from 'node:async_hooks';

const DEPRECATION = 'The asyncResource property on bound functions is deprecated';

let installed = false;
let warned = false;

/**
 * Replaces `AsyncResource.prototype.bind` when the running Node's version still swaps prototypes
 * (answers whether it did). Idempotent; the gRPC client factory calls it before opening a channel.
 */
export function fixAsyncResourceBind(): boolean {
  if (installed || !bindSwapsPrototypes()) return false;
  (AsyncResource.prototype as { bind: unknown }).bind = bindWithoutPrototypeSwap;
  installed = true;
  return true;
}

/** On affected versions the accessor's getter is a `deprecate()` wrapper whose prototype was set to the wrapped function. */
export function bindSwapsPrototypes(): boolean {
  const bound = new AsyncResource('BindProbe').bind(() => undefined);
  const getter = Object.getOwnPropertyDescriptor(bound, 'asyncResource')?.get;
  return getter !== undefined && Object.getPrototypeOf(getter) !== Function.prototype;
}

type AnyFunction = (this: unknown, ...args: unknown[]) => unknown;

function bindWithoutPrototypeSwap<Fn extends AnyFunction>(this: AsyncResource, fn: Fn, thisArg?: unknown): Fn {
  if (typeof fn !== 'function') {
    throw Object.assign(new TypeError(`The "fn" argument must be of type function. Received ${fn === null ? 'null' : typeof fn}`), {
      code: 'ERR_INVALID_ARG_TYPE',
    });
  }
  return bound(this, fn, thisArg);
}

function bound<Fn extends AnyFunction>(resource: AsyncResource, fn: Fn, thisArg: unknown): Fn {
  // What the deprecated accessor reports; as in Node, assigning it does not change where `fn` runs.
  let reported = resource;
  const wrapper =
    thisArg === undefined
      ? function (this: unknown, ...args: unknown[]) {
          return resource.runInAsyncScope(fn, this, ...args);
        }
      : (...args: unknown[]) => resource.runInAsyncScope(fn, thisArg, ...args);
  Object.defineProperties(wrapper, {
    length: { configurable: true, enumerable: false, value: fn.length, writable: false },
    asyncResource: {
      configurable: true,
      enumerable: true,
      get: () => {
        warnDeprecated();
        return reported;
      },
      set: (value: AsyncResource) => {
        warnDeprecated();
        reported = value;
      },
    },
  });
  return wrapper as Fn;
}

function warnDeprecated(): void {
  if (warned) return;
  warned = true;
  process.emitWarning(DEPRECATION, 'DeprecationWarning', 'DEP0172');
}
