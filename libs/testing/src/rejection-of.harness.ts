/** The error a call fails with, of the expected class; fails the test if it succeeds or fails otherwise. */
export async function rejectionOf<E extends Error>(call: Promise<unknown>, type: abstract new (...args: never[]) => E): Promise<E> {
  try {
    await call;
  } catch (error) {
    if (error instanceof type) return error;
    throw error;
  }
  throw new Error(`expected the call to fail with ${type.name}`);
}
