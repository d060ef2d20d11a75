import { RemoteError } from '@commerce/grpc-runtime';

/** The RemoteError a gRPC call fails with; fails the test if the call succeeds or fails otherwise. */
export async function rejectionOf(call: Promise<unknown>): Promise<RemoteError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof RemoteError) return error;
    throw error;
  }
  throw new Error('expected the call to fail with a RemoteError');
}
