/**
 * Route loaders never throw for ordinary failures (spec §4: navigation continues); they record the
 * failure here so the progress bar can finish in its failed colour.
 */
let failed = false;

export function markLoaderFailed(): void {
  failed = true;
}

/** Reads and clears the flag: each navigation reports only its own failures. */
export function takeLoaderFailure(): boolean {
  const f = failed;
  failed = false;
  return f;
}

/**
 * Waits for a preload but lets the navigation go on when it fails (the page shows the error) or
 * when it is slower than `maxWaitMs` (the page shows its own loading state meanwhile).
 */
export async function softLoad(work: Promise<unknown>, maxWaitMs = 15_000): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cap = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, maxWaitMs);
  });
  try {
    await Promise.race([work.then(() => undefined), cap]);
  } catch {
    markLoaderFailed();
  } finally {
    clearTimeout(timer);
  }
}
