// What a promise rejected with, when the test expects a given kind of error: anything else fails the test.
export async function rejectionOf<E extends Error>(
  promise: Promise<unknown>,
  kind: abstract new (...args: never[]) => E,
): Promise<E> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof kind)) throw new Error(`expected a ${kind.name}, got ${String(error)}`);
  return error;
}
