// Owners' appearance rows, remembered for CACHE_TTL_MS: every page's root loader draws the owner's look, and on
// FerretDB a lookup by owner is a round trip per page (bench/RESULTS.md "Home page under load"). Any write through
// the appearance model in this process forgets them at once (appearance.model.ts), and a read that was in flight
// meanwhile is not kept; another instance's change shows within CACHE_TTL_MS, as settings do.
import { env } from '../env';
import { fresh } from '../fresh';

interface State {
  entries: Map<string, { value: unknown; at: number }>;
  generation: number;
}

// One cache for every copy of this module in the process (tests load the built app beside the source).
const state = ((globalThis as Record<symbol, unknown>)[Symbol.for('sakura.appearanceCache')] ??= {
  entries: new Map(),
  generation: 0,
}) as State;

/** Entries kept at most (owners whose pages were drawn within CACHE_TTL_MS). */
const MAX_ENTRIES = 5000;

export async function cachedAppearances<T>(ownerId: string, load: () => Promise<T>): Promise<T> {
  const hit = state.entries.get(ownerId);
  if (hit && fresh(hit.at, env().CACHE_TTL_MS)) return hit.value as T;
  const generation = state.generation;
  const value = await load();
  if (generation === state.generation) {
    if (state.entries.size >= MAX_ENTRIES) state.entries.clear();
    state.entries.set(ownerId, { value, at: Date.now() });
  }
  return value;
}

export function forgetAppearances(): void {
  state.generation++;
  state.entries.clear();
}
