// Waiting on an observable condition, with a deadline: the one way the scripts (and tests) wait for a process.

/** Resolves once `check()` is truthy (asked every 25 ms); rejects after `timeoutMs` naming `what`. */
export async function waitFor(check, what, timeoutMs = 60_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
}
