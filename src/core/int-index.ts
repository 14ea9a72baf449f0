// Int32 keys to int32 values in typed arrays, by open addressing: for indices of hundreds of thousands of keys
// built inside a job, where a Map would double at once (a stall of tens of milliseconds: every entry moved, and
// a new table's pages mapped in) and hold an object per entry for the collector. It doubles in parts instead,
// between the job's pauses (`wantsRoom`, `growPart`).

/** Slots at first (at least): a power of two. */
const FIRST_SLOTS = 64;
/** Old slots moved, or slots of the new table's memory written, by one call of `growPart`. */
const GROW_SLOTS = 4096;

/** Int32 keys to int32 values, by open addressing (linear probing over power-of-two tables). */
export class IntIndex {
  /** Keys held. */
  size = 0;
  private keys: Int32Array;
  /** value + 1; 0 marks an empty slot. */
  private vals: Int32Array;
  private mask: number;
  private limit: number;
  /** A doubling under way: the old arrays, the next old slot to move, and the new memory written so far. */
  private moving: { keys: Int32Array; vals: Int32Array; next: number; mapped: number } | null = null;

  /** @param expected keys to have room for at first (the index doubles as it fills) */
  constructor(expected = 0) {
    let slots = FIRST_SLOTS;
    while (slots * 0.5 < expected) slots *= 2;
    this.keys = new Int32Array(slots);
    this.vals = new Int32Array(slots);
    this.mask = slots - 1;
    this.limit = slots >> 1;
  }

  /** The value of `key`, or -1 when it has none. */
  get(key: number): number {
    const { keys, vals, mask } = this;
    for (let s = slotOf(key, mask); ; s = (s + 1) & mask) {
      const v = vals[s];
      if (v === 0) return -1;
      if (keys[s] === key) return v - 1;
    }
  }

  /** Sets the value (a whole number from 0 to 2^31 - 2) of `key`. */
  set(key: number, value: number): void {
    const { keys, vals, mask } = this;
    for (let s = slotOf(key, mask); ; s = (s + 1) & mask) {
      const v = vals[s];
      if (v === 0) {
        keys[s] = key;
        vals[s] = value + 1;
        if (++this.size > this.limit) while (!this.growPart());
        return;
      }
      if (keys[s] === key) {
        vals[s] = value + 1;
        return;
      }
    }
  }

  /**
   * True when `adds` more keys could pass the load limit, so that `set` would double the index at once, or while a
   * doubling is under way: the caller calls `growPart` (between pauses) until this is false.
   */
  wantsRoom(adds: number): boolean {
    return this.moving !== null || this.size + adds > this.limit;
  }

  /**
   * Doubles the index a part at a time (the new memory written, then the old slots moved, GROW_SLOTS a call);
   * true once done. No key may be set or looked up until it is.
   */
  growPart(): boolean {
    if (this.moving === null) {
      this.moving = { keys: this.keys, vals: this.vals, next: 0, mapped: 0 };
      const slots = 2 * this.keys.length;
      this.keys = new Int32Array(slots);
      this.vals = new Int32Array(slots);
      this.mask = slots - 1;
      this.limit = slots >> 1;
      return false;
    }
    const old = this.moving;
    if (old.mapped < this.keys.length) {
      // The pages of the new arrays mapped in a part at a time (a first write to a page costs some µs here).
      const end = Math.min(this.keys.length, old.mapped + 4 * GROW_SLOTS);
      for (let i = old.mapped; i < end; i += 1024) this.keys[i] = this.vals[i] = 0;
      old.mapped = end;
      return false;
    }
    const end = Math.min(old.keys.length, old.next + GROW_SLOTS);
    const { keys, vals, mask } = this;
    for (let i = old.next; i < end; i++) {
      const v = old.vals[i];
      if (v === 0) continue;
      const key = old.keys[i];
      let s = slotOf(key, mask);
      while (vals[s] !== 0) s = (s + 1) & mask;
      keys[s] = key;
      vals[s] = v;
    }
    old.next = end;
    if (end < old.keys.length) return false;
    this.moving = null;
    return true;
  }
}

/** The first slot of `key` (a multiplicative hash, mixed down). */
function slotOf(key: number, mask: number): number {
  const h = Math.imul(key ^ (key >>> 16), 0x45d9f3b);
  return (h ^ (h >>> 16)) & mask;
}
