// Whether something stamped with Date.now() at `at` is younger than `ms`. A stamp in the future (the wall clock
// stepped back since: NTP, a restored VM, a test's clock set back) counts as expired rather than fresh until the
// clock catches up with it.
export function fresh(at: number, ms: number): boolean {
  const age = Date.now() - at;
  return age >= 0 && age < ms;
}
