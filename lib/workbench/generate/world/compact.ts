// Keeping a large workplace small in memory. At 1000× the tables hold 2.3M rows, so a few dozen bytes
// per row or per cell decide whether generation fits in 1 GB. Two V8 facts matter (measured on Node 20,
// 1M rows: docs/generated-workplaces.md, Memory):
// - A string built by concatenation ("2023-11-30" + " " + "09:30:00", an email body) is a tree of parts
//   (a "cons" string): 178 MB for 1M timestamps against 52 MB once flattened. Reading one character
//   flattens it in place, and the next garbage collection drops the tree.
// - Values repeated across rows (a date, a small number written as text) are new strings each time
//   they are computed; `interned` hands out one string per value instead.

/** The same text as a flat string (see above). */
export function flat(text: string): string {
  text.charCodeAt(0);
  return text;
}

/** One shared string per distinct value for a table's low-cardinality cells (dates, counts). */
export function createInterner(): (text: string) => string {
  const known = new Map<string, string>();
  return (text) => {
    const found = known.get(text);
    if (found !== undefined) return found;
    const kept = flat(text);
    known.set(kept, kept);
    return kept;
  };
}

/** Decimal text of small non-negative integers, one string each (page views, durations, minutes). */
const SMALL_NUMBERS = Array.from({ length: 1000 }, (_, n) => String(n));
export const numberText = (n: number): string => SMALL_NUMBERS[n] ?? String(n);
