// Verified credentials remembered for a moment, so a client sending many requests does not cost two database
// lookups (session or token, then user) per request (docs/decisions.md "Writes at the rate of a script").
//
// Only credentials that were found valid are kept, for at most AUTH_CACHE_MS and never past their own expiry.
// Any write to sessions, users or access tokens made through their models in this process (logout, revocation,
// role change, account deletion, password change...) empties the cache before and after it runs, and a lookup that
// was in flight meanwhile is not stored; so in this process a revocation takes effect at once. Another instance
// learns of it when its entry expires: at most AUTH_CACHE_MS later. The only instance on its database
// (SINGLE_INSTANCE) has no other instance to learn from, so it keeps entries for SINGLE_INSTANCE_AUTH_MS: a signed-in
// reader then does not wait on a database busy with another user's clear or import.
import type { Schema } from 'mongoose';
import { env } from '../env';
import { forgetOnWrites } from '../db-schema';

/** How long a verified credential is trusted without asking the database again. */
export const AUTH_CACHE_MS = 1000;
/** How long the only instance on its database trusts a verified credential (never past its own expiry). */
export const SINGLE_INSTANCE_AUTH_MS = 60_000;
/** Entries kept at most (distinct credentials seen within AUTH_CACHE_MS). */
const MAX_ENTRIES = 5000;

interface Entry {
  value: unknown;
  /** When it was verified, and until when it is trusted (a clock set back since makes it unverified). */
  at: number;
  until: number;
}

interface State {
  entries: Map<string, Entry>;
  generation: number;
}

// One cache for every copy of this module in the process (tests load the built app beside the source, and the
// model hooks of whichever copy defined the models must empty the cache both copies read).
const state = ((globalThis as Record<symbol, unknown>)[Symbol.for('sakura.authCache')] ??= {
  entries: new Map(),
  generation: 0,
}) as State;

/**
 * The value `load` verifies for `key`, from the cache when it was verified less than AUTH_CACHE_MS ago.
 * `load` answers the value and until when it stays valid on its own (an expiry), or null (not cached).
 */
export async function cachedAuth<T>(
  key: string,
  load: () => Promise<{ value: T; validUntil?: number } | null>,
): Promise<T | null> {
  const now = Date.now();
  const hit = state.entries.get(key);
  if (hit && hit.until > now && now >= hit.at) return hit.value as T;
  if (hit) state.entries.delete(key);
  const generation = state.generation;
  const loaded = await load();
  if (!loaded) return null;
  // A write to credentials while this lookup was in flight may have revoked what it found: use it once, keep none.
  if (generation === state.generation) {
    if (state.entries.size >= MAX_ENTRIES) state.entries.clear();
    state.entries.set(key, {
      value: loaded.value,
      at: Date.now(),
      until: Math.min(
        Date.now() + (env().SINGLE_INSTANCE ? SINGLE_INSTANCE_AUTH_MS : AUTH_CACHE_MS),
        loaded.validUntil ?? Infinity,
      ),
    });
  }
  return loaded.value;
}

/** Forgets every verified credential (a credential changed, or tests emptied the database). */
export function forgetAuth(): void {
  state.generation++;
  state.entries.clear();
}

/** Empties the cache around every write made through a model of this schema (sessions, users, tokens). */
export function forgetAuthOnWrites(schema: Schema<any>): void {
  forgetOnWrites(schema, forgetAuth);
}
