/**
 * The values of one facet field by document, for counting a field of many values (owners, tags)
 * over many hits: one pass over the hits, a typed-array read each, instead of one membership test
 * per document of each value's postings.
 */
import type { RoaringBitmap32 } from './roaring.js';

/** Marks a document with several values: they are in `several`. */
const SEVERAL = 0xffffffff;

export class FacetColumn {
  private readonly ids = new Map<string, number>();
  private readonly names: string[] = [];
  /** Document id → its one value's id + 1, 0 for none, or SEVERAL. */
  private byDoc = new Uint32Array(1024);
  private readonly several = new Map<number, number[]>();

  /** Distinct values ever seen. */
  get values(): number {
    return this.names.length;
  }

  /** A new document's values (ids are never reused). */
  set(doc: number, values: readonly string[]): void {
    if (doc >= this.byDoc.length) {
      const grown = new Uint32Array(Math.max(doc + 1, this.byDoc.length * 2));
      grown.set(this.byDoc);
      this.byDoc = grown;
    }
    const ids = values.map((v) => this.idOf(v));
    if (ids.length === 1) this.byDoc[doc] = (ids[0] as number) + 1;
    else {
      this.byDoc[doc] = SEVERAL;
      this.several.set(doc, ids);
    }
  }

  /** The values `docs` hold, each with how many of them hold it. */
  count(docs: RoaringBitmap32): Array<[string, number]> {
    const counts = new Uint32Array(this.names.length);
    for (const doc of docs.toUint32Array()) {
      const v = this.byDoc[doc] ?? 0;
      if (v === 0) continue;
      if (v !== SEVERAL) counts[v - 1] = (counts[v - 1] as number) + 1;
      else for (const id of this.several.get(doc) ?? []) counts[id] = (counts[id] as number) + 1;
    }
    const out: Array<[string, number]> = [];
    counts.forEach((n, id) => {
      if (n > 0) out.push([this.names[id] as string, n]);
    });
    return out;
  }

  private idOf(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.names.length;
      this.names.push(value);
      this.ids.set(value, id);
    }
    return id;
  }
}
