// What every supplier adapter's HTTP client needs alike: the failure's cause for the log (never a header, so never a
// token), a body read as JSON or nothing, and a wait between retries that the call's deadline can cut short.

/** The error's code for the log (ECONNREFUSED…), else its name; never its message, which may carry a URL. */
export function causeOf(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const cause = error.cause;
  if (cause instanceof Error && 'code' in cause && typeof cause.code === 'string') return cause.code;
  return error.name;
}

/** The answer's body as JSON; undefined when it is not JSON (a proxy's HTML page, a cut-off body). */
export async function readJson(response: Response): Promise<unknown> {
  const body = await response.text();
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The promise, or a rejection with `reason()` as soon as `signal` aborts: the caller stops waiting while the work
 * goes on for whoever else waits for it (its own failure then goes unobserved by this caller).
 */
export function abandonable<T>(promise: Promise<T>, signal: AbortSignal, reason: () => unknown): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(reason());
    promise.catch(() => {});
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
