import { AsyncResource, executionAsyncId } from 'node:async_hooks';
import { bindSwapsPrototypes, fixAsyncResourceBind } from './async-resource-bind.fix';

// Whatever the Node version, after the fix bind swaps no prototype and keeps Node's documented behaviour.
beforeAll(() => fixAsyncResourceBind());

describe('AsyncResource.prototype.bind after fixAsyncResourceBind', () => {
  it('no longer swaps the prototype of the functions it creates', () => {
    expect(bindSwapsPrototypes()).toBe(false);
    expect(fixAsyncResourceBind()).toBe(false); // idempotent
  });

  it("runs the function in the resource's async scope with the caller's this, arguments and result", () => {
    const resource = new AsyncResource('Probe');
    const bound = resource.bind(function (this: unknown, a: number, b: number) {
      return { scope: executionAsyncId(), self: this, sum: a + b };
    });
    const receiver = { name: 'receiver' };
    expect(bound.call(receiver, 2, 3)).toEqual({ scope: resource.asyncId(), self: receiver, sum: 5 });
    expect(bound.length).toBe(2);
  });

  it('binds this when given, also through the static AsyncResource.bind', () => {
    const self = { name: 'bound this' };
    // @types/node leaves out bind's thisArg; Node has taken it since v14.
    const bindWithThis = AsyncResource.prototype.bind as unknown as (
      this: AsyncResource,
      fn: () => unknown,
      thisArg: unknown,
    ) => () => unknown;
    const viaInstance = bindWithThis.call(
      new AsyncResource('Probe'),
      function (this: unknown) {
        return this;
      },
      self,
    );
    const viaStatic = AsyncResource.bind(
      function (this: unknown) {
        return this;
      },
      'Probe',
      self,
    );
    expect(viaInstance.call({ other: true })).toBe(self);
    expect(viaStatic()).toBe(self);
  });

  it('keeps the deprecated asyncResource accessor, warning DEP0172 once', () => {
    const emitWarning = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    try {
      const resource = new AsyncResource('Probe');
      const bound = resource.bind(() => 1) as (() => number) & { asyncResource: AsyncResource };
      expect(bound.asyncResource).toBe(resource);
      expect(bound.asyncResource).toBe(resource);
      const deprecations = emitWarning.mock.calls.filter((args) => JSON.stringify(args).includes('DEP0172'));
      expect(deprecations).toHaveLength(1);
    } finally {
      emitWarning.mockRestore();
    }
  });

  it('refuses what is not a function, as Node does', () => {
    expect(() => new AsyncResource('Probe').bind(42 as unknown as () => void)).toThrow(
      expect.objectContaining({ code: 'ERR_INVALID_ARG_TYPE' }),
    );
  });
});
