import { BackendError } from "./errors.server";

/**
 * Runs `read` with a signal that aborts after `ms`, and fails then with a TIMEOUT BackendError without waiting for
 * the read to notice: the one timeout of a brands read, whichever the backend.
 */
export async function within<T>(ms: number, read: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const reading = read(controller.signal);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new BackendError({
        message: `La source des marques n'a pas répondu en ${ms} ms.`,
        code: "TIMEOUT",
      });
      reject(error);
      controller.abort(error);
    }, ms);
  });
  return Promise.race([reading, timeout]).finally(() => clearTimeout(timer));
}
