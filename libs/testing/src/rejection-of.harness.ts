import { RemoteError } from '@commerce/grpc-runtime';

/** The error of type `type` a promise fails with; fails the test if it succeeds or fails with anything else. */
export async function rejectionWith<E extends Error>(promise: Promise<unknown>, type: abstract new (...args: never[]) => E): Promise<E> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof type) return error;
    throw error;
  }
  throw new Error(`expected a failure with a ${type.name}`);
}

/** The RemoteError a gRPC call fails with; fails the test if the call succeeds or fails otherwise. */
export function rejectionOf(call: Promise<unknown>): Promise<RemoteError> {
  return rejectionWith(call, RemoteError);
}
