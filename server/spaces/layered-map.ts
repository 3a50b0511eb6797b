// A Map whose copy costs what changed since its base, not its size (a draft copies the space's card map per unit):
// an unchanging base Map plus the entries set and the keys deleted since, merged into a new base once they grow past
// about 4·√size. Iteration follows the base's order, with new keys after.
export class LayeredMap<K, V> extends Map<K, V> {
  #base: ReadonlyMap<K, V>;
  #own = new Map<K, V>();
  #gone = new Set<K>();
  #size: number;

  /** A map over `base`, which must never change afterwards (the map only reads it). */
  constructor(base: ReadonlyMap<K, V> = new Map()) {
    super();
    this.#base = base;
    this.#size = base.size;
  }

  /** Whether so much changed since the base that copies should start from a merged one. */
  #many(): boolean {
    return this.#own.size + this.#gone.size > 32 + 4 * Math.sqrt(this.#base.size);
  }

  /** An independent copy: O(entries changed since the base), or one O(size) merge when they are many. */
  copy(): LayeredMap<K, V> {
    if (this.#many()) return this.settled();
    const c = new LayeredMap<K, V>(this.#base);
    c.#own = new Map(this.#own);
    c.#gone = new Set(this.#gone);
    c.#size = this.#size;
    return c;
  }

  /**
   * This map, or, when much changed since its base, a merged copy: a map that outlives a bulk change (a published
   * space) does not keep the values the change replaced alive in its base.
   */
  settled(): LayeredMap<K, V> {
    return this.#many() ? new LayeredMap(new Map(this.#entries())) : this;
  }

  override get size(): number {
    return this.#size;
  }

  override get(key: K): V | undefined {
    const v = this.#own.get(key);
    if (v !== undefined || this.#own.has(key)) return v;
    if (this.#gone.size && this.#gone.has(key)) return undefined;
    return this.#base.get(key);
  }

  override has(key: K): boolean {
    return this.#own.has(key) || (!this.#gone.has(key) && this.#base.has(key));
  }

  override set(key: K, value: V): this {
    if (!this.has(key)) this.#size++;
    this.#own.set(key, value);
    this.#gone.delete(key);
    return this;
  }

  override delete(key: K): boolean {
    if (!this.has(key)) return false;
    this.#own.delete(key);
    if (this.#base.has(key)) this.#gone.add(key);
    this.#size--;
    return true;
  }

  override clear(): void {
    this.#base = new Map();
    this.#own.clear();
    this.#gone.clear();
    this.#size = 0;
  }

  *#entries(): Generator<[K, V]> {
    if (!this.#own.size && !this.#gone.size) {
      yield* this.#base;
      return;
    }
    for (const [k, v] of this.#base) {
      if (this.#gone.has(k)) continue;
      yield this.#own.has(k) ? [k, this.#own.get(k) as V] : [k, v];
    }
    for (const entry of this.#own) if (!this.#base.has(entry[0])) yield entry;
  }

  override entries(): MapIterator<[K, V]> {
    return this.#entries() as unknown as MapIterator<[K, V]>;
  }

  override [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }

  override keys(): MapIterator<K> {
    return (function* (entries: Iterable<[K, V]>) {
      for (const [k] of entries) yield k;
    })(this.#entries()) as unknown as MapIterator<K>;
  }

  override values(): MapIterator<V> {
    return (function* (entries: Iterable<[K, V]>) {
      for (const [, v] of entries) yield v;
    })(this.#entries()) as unknown as MapIterator<V>;
  }

  override forEach(fn: (value: V, key: K, map: Map<K, V>) => void, thisArg?: unknown): void {
    for (const [k, v] of this.#entries()) fn.call(thisArg, v, k, this);
  }
}

/** A changeable copy of a map for a draft: layered over it (a plain Map becomes the base, so it must not change). */
export function draftCopy<K, V>(map: Map<K, V>): Map<K, V> {
  return map instanceof LayeredMap ? map.copy() : new LayeredMap(map);
}

/** A draft's map as it is published: merged when a bulk change left it layered over the values it replaced. */
export function settledCopy<K, V>(map: Map<K, V>): Map<K, V> {
  return map instanceof LayeredMap ? map.settled() : map;
}
