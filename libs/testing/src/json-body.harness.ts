/**
 * A parsed JSON answer whose shape the test asserts with `expect`, not the compiler: the one place the
 * test helpers use `any`, so tests can read `body.data.products[0].id` without a cast at every step.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JsonBody = { [key: string]: any };

/** The response's body as a JsonBody. */
export const readJson = (response: Response): Promise<JsonBody> => response.json() as Promise<JsonBody>;
