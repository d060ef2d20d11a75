import { Metadata, status } from '@grpc/grpc-js';
import { PRINCIPAL_KEY, REQUEST_ID_KEY, fromServiceError, requireStoreId, toServiceError } from '@commerce/grpc-runtime';
import { readCallContext, writeCallMetadata } from './call.context';

describe('call metadata', () => {
  it('carries request id and principal from caller to handler', () => {
    const principal = { kind: 'oauth', user_id: 7, store_id: 3, login: 'zoë', scopes: ['store_read'] };

    const context = readCallContext(writeCallMetadata('req-12345678', principal), 1_700_000_000_000);

    expect(context.requestId).toBe('req-12345678');
    expect(context.principal).toEqual(principal);
    expect(context.deadline).toBe(1_700_000_000_000);
  });

  it('gives a call without a request id a fresh one, and a call without principal none', () => {
    const context = readCallContext(new Metadata(), Infinity);

    expect(context.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(context.principal).toBeUndefined();
    expect(context.deadline).toBe(Infinity);
  });

  it('does not forward a request id that metadata cannot carry', () => {
    expect(writeCallMetadata('bad\nid', undefined).get(REQUEST_ID_KEY)).toEqual([]);
  });

  it('refuses a malformed principal as UNAUTHENTICATED', () => {
    for (const value of ['{not json', '[1,2]', 'null']) {
      const metadata = new Metadata();
      metadata.set(PRINCIPAL_KEY, value);

      let thrown: unknown;
      try {
        readCallContext(metadata, Infinity);
      } catch (err) {
        thrown = err;
      }
      expect(fromServiceError(toServiceError(thrown))).toMatchObject({ code: status.UNAUTHENTICATED, reason: 'UNAUTHENTICATED' });
    }
  });
});

describe('requireStoreId', () => {
  it('passes a store id through and refuses a missing one as a validation failure', () => {
    expect(requireStoreId(42)).toBe(42);
    for (const missing of [0, -1, 1.5]) {
      expect(() => requireStoreId(missing)).toThrow(
        expect.objectContaining({ reason: 'INVALID_ARGUMENT', fieldViolations: { store_id: ['is required'] } }),
      );
    }
  });
});
