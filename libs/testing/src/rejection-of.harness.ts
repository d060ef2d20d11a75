import { RemoteError } from '@commerce/grpc-runtime';

/**
 * The error a call fails with, of the expected class (by default the RemoteError a gRPC client throws);
 * fails the test if it succeeds or fails otherwise.
 */
export async function rejectionOf<E extends Error = RemoteError>(call: Promise<unknown>, type?: abstract new (...args: never[]) => E): Promise<E> {
  const expected = type ?? (RemoteError as unknown as abstract new (...args: never[]) => E);
  try {
    await call;
  } catch (error) {
    if (error instanceof expected) return error;
    throw error;
  }
  throw new Error(`expected the call to fail with ${expected.name}`);
}
