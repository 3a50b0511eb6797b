// Time passing without waiting for it: the test process (the built app runs in it too) sees its clock `ms` further
// on, and the clock keeps running from there. For expiries measured with Date.now() (the page cache, verified
// credentials); `restoreClock` after the file's tests.
import { vi } from 'vitest';

export function skipAhead(ms: number): void {
  const now = Date.now() + ms;
  vi.useRealTimers();
  vi.useFakeTimers({ toFake: ['Date'], now, shouldAdvanceTime: true });
}

export function restoreClock(): void {
  vi.useRealTimers();
}
