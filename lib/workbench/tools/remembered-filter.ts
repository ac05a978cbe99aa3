/**
 * Filters of immutable row arrays, remembered with the array they filtered. A table version's rows
 * (and a remembered filter's result, which is the next filter's input) are shared, never mutated,
 * values, and a search is a pure function of its rows and arguments, so replays that search the same
 * rows the same way (most searches run on the initial tables) get the rows the first replay found.
 * A filter that raised is not remembered: the next call raises again.
 * Engine rule: plain TypeScript, no framework imports.
 */
import type { Row } from "../sandbox/types";

/** Different searches remembered per row array before starting afresh. */
const KEPT_PER_ARRAY = 256;

const remembered = new WeakMap<readonly Row[], Map<string, readonly Row[]>>();

/** `filter()`, or what it returned before for these rows and this key (which must name the whole search). */
export function rememberedFilter(rows: readonly Row[], key: string, filter: () => readonly Row[]): readonly Row[] {
  let byKey = remembered.get(rows);
  if (!byKey) remembered.set(rows, (byKey = new Map()));
  let found = byKey.get(key);
  if (!found) {
    found = filter();
    if (byKey.size >= KEPT_PER_ARRAY) byKey.clear();
    byKey.set(key, found);
  }
  return found;
}
