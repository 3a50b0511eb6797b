// Order planning for drag-and-drop and up/down moves. Pure functions; the services write what they return.

export interface Ordered {
  id: string;
  order: number;
}

/** Indices of a longest strictly increasing subsequence of `values` (patience sorting, O(n log n)). */
function longestIncreasing(values: number[]): number[] {
  const tailIdx: number[] = [];
  const prev = new Array<number>(values.length).fill(-1);
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    let lo = 0;
    let hi = tailIdx.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (values[tailIdx[mid]!]! < v) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) prev[i] = tailIdx[lo - 1]!;
    tailIdx[lo] = i;
  }
  const out: number[] = [];
  for (let i = tailIdx.length ? tailIdx[tailIdx.length - 1]! : -1; i >= 0; i = prev[i]!) out.push(i);
  return out.reverse();
}

/**
 * New `order` values that make `sequence` (in its array order) sorted by order, changing as few items as possible:
 * a longest increasing run keeps its values and the others get values between their neighbours (integers when
 * there is room). Returns only the changed items.
 */
export function planOrder(sequence: Ordered[]): Map<string, number> {
  const n = sequence.length;
  const result = new Map<string, number>();
  if (n === 0) return result;
  const keep = new Set(longestIncreasing(sequence.map((s) => s.order)));
  const next = sequence.map((s) => s.order);
  let i = 0;
  let ok = true;
  while (i < n && ok) {
    if (keep.has(i)) {
      i++;
      continue;
    }
    let j = i;
    while (j < n && !keep.has(j)) j++;
    const runLen = j - i;
    const left = i > 0 ? next[i - 1]! : undefined;
    const right = j < n ? next[j]! : undefined;
    let lo: number;
    let hi: number;
    if (left === undefined && right === undefined) {
      lo = -1;
      hi = runLen;
    } else if (left === undefined) {
      hi = right!;
      lo = hi - runLen - 1;
    } else if (right === undefined) {
      lo = left;
      hi = lo + runLen + 1;
    } else {
      lo = left;
      hi = right;
    }
    const step = (hi - lo) / (runLen + 1);
    if (!(step > 1e-9) || !Number.isFinite(step)) {
      ok = false;
      break;
    }
    for (let k = 1; k <= runLen; k++) {
      next[i + k - 1] = step >= 1 ? lo + Math.floor(step * k) : lo + step * k;
    }
    i = j;
  }
  if (!ok) {
    // The gaps are used up (many moves into the same place): renumber everything.
    sequence.forEach((s, idx) => {
      if (s.order !== idx) result.set(s.id, idx);
    });
    return result;
  }
  sequence.forEach((s, idx) => {
    if (next[idx] !== s.order) result.set(s.id, next[idx]!);
  });
  return result;
}

/**
 * Reorders `listed` among the places they occupy in `full` (the current order), leaving everything else where it
 * is. For a complete list this is a plain reorder; for a partial one (a page, a filtered view) nothing outside it
 * moves. Returns the changed orders; `unknown` lists ids that are not in `full`.
 */
export function reorderWithin(
  full: Ordered[],
  listed: string[],
): { changes: Map<string, number>; unknown: string[] } {
  const index = new Map(full.map((f, i) => [f.id, i]));
  const unknown = listed.filter((id) => !index.has(id));
  if (unknown.length) return { changes: new Map(), unknown };
  const unique = [...new Set(listed)];
  const slots = unique.map((id) => index.get(id)!).sort((a, b) => a - b);
  const ids = full.map((f) => f.id);
  unique.forEach((id, k) => {
    ids[slots[k]!] = id;
  });
  const byId = new Map(full.map((f) => [f.id, f]));
  return { changes: planOrder(ids.map((id) => byId.get(id)!)), unknown: [] };
}

/** The sequence after moving `id` one place up or down (for the no-JavaScript arrows). */
export function moveOne(full: Ordered[], id: string, direction: 'up' | 'down'): string[] | null {
  const ids = full.map((f) => f.id);
  const i = ids.indexOf(id);
  const j = direction === 'up' ? i - 1 : i + 1;
  if (i < 0 || j < 0 || j >= ids.length) return null;
  [ids[i], ids[j]] = [ids[j]!, ids[i]!];
  return ids;
}
