/** One key of an index in the ordered list: the first field's value, the other fields' values, the document id. */
export interface OrderedEntry {
  value: unknown;
  rest: unknown[];
  id: string;
}

const MAX_BLOCK = 512;

interface Position {
  block: number;
  offset: number;
}

/**
 * Index entries kept in key order as a list of small sorted blocks, so inserting or removing one
 * entry moves at most a block's worth of elements instead of shifting an array of every entry.
 */
export class OrderedEntries {
  private blocks: OrderedEntry[][] = [];

  constructor(private readonly compare: (a: OrderedEntry, b: OrderedEntry) => number) {}

  /** Inserts after any entries with an equal value. */
  insert(entry: OrderedEntry): void {
    if (this.blocks.length === 0) {
      this.blocks.push([entry]);
      return;
    }
    const position = this.seek((candidate) => this.compare(candidate, entry) <= 0);
    const blockIndex = Math.min(position.block, this.blocks.length - 1);
    const block = this.blocks[blockIndex];
    const offset = position.block === this.blocks.length ? block.length : position.offset;
    block.splice(offset, 0, entry);
    if (block.length > MAX_BLOCK) this.blocks.splice(blockIndex + 1, 0, block.splice(MAX_BLOCK / 2));
  }

  /** Removes the entry equal to `entry` (same key and id). */
  remove(entry: OrderedEntry): void {
    const position = this.seek((candidate) => this.compare(candidate, entry) < 0);
    for (let b = position.block, o = position.offset; b < this.blocks.length; b++, o = 0) {
      const block = this.blocks[b];
      for (; o < block.length; o++) {
        if (block[o].id === entry.id) {
          block.splice(o, 1);
          if (block.length === 0) this.blocks.splice(b, 1);
          return;
        }
        if (this.compare(block[o], entry) !== 0) return;
      }
    }
  }

  /** Replaces the content with entries in any order (bulk index build). */
  load(entries: OrderedEntry[]): void {
    entries.sort(this.compare);
    this.blocks = [];
    for (let start = 0; start < entries.length; start += MAX_BLOCK / 2) this.blocks.push(entries.slice(start, start + MAX_BLOCK / 2));
  }

  /** Entries in order starting at the first one for which `isBefore` is false. */
  *from(isBefore: (entry: OrderedEntry) => boolean): Generator<OrderedEntry> {
    const position = this.seek(isBefore);
    for (let b = position.block, o = position.offset; b < this.blocks.length; b++, o = 0) {
      const block = this.blocks[b];
      for (; o < block.length; o++) yield block[o];
    }
  }

  /** Entries in reverse order starting just before the first one for which `isBefore` is false. */
  *before(isBefore: (entry: OrderedEntry) => boolean): Generator<OrderedEntry> {
    const position = this.seek(isBefore);
    let b = position.block;
    let o = position.offset - 1;
    if (b === this.blocks.length || o < 0) {
      b--;
      o = b >= 0 ? this.blocks[b].length - 1 : -1;
    }
    for (; b >= 0; b--, o = b >= 0 ? this.blocks[b].length - 1 : -1) {
      const block = this.blocks[b];
      for (; o >= 0; o--) yield block[o];
    }
  }

  /** The first position whose entry is not "before" (the predicate must be true then false along the order). */
  private seek(isBefore: (entry: OrderedEntry) => boolean): Position {
    let low = 0;
    let high = this.blocks.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const block = this.blocks[middle];
      if (isBefore(block[block.length - 1])) low = middle + 1;
      else high = middle;
    }
    if (low === this.blocks.length) return { block: low, offset: 0 };
    const block = this.blocks[low];
    let start = 0;
    let end = block.length;
    while (start < end) {
      const middle = (start + end) >>> 1;
      if (isBefore(block[middle])) start = middle + 1;
      else end = middle;
    }
    return { block: low, offset: start };
  }
}
