/**
 * The first few rows of two bound filters, in one pass. Engine rule: plain TypeScript, no framework
 * imports.
 */
import type { Row } from "../sandbox/types";
import { PythonError } from "./python-error";

/**
 * The first `limit` of `rows.filter(min).filter(max)`, in one pass without table-sized copies (at
 * 100k rows each bounded search made two). Every row is still tested against the lower bound and every
 * survivor against the upper one, as in the two filters, so nothing raises here that they would not
 * raise; should anything raise, the two filters are replayed so the error is exactly theirs.
 */
export function firstWithinOnePass(
  rows: readonly Row[],
  min: ((row: Row) => boolean) | undefined,
  max: ((row: Row) => boolean) | undefined,
  limit: number,
): readonly Row[] {
  try {
    const first: Row[] = [];
    for (const row of rows) {
      if (min && !min(row)) continue;
      if (max && !max(row)) continue;
      if (first.length < limit) first.push(row);
    }
    return first;
  } catch (error) {
    if (!(error instanceof PythonError)) throw error;
    let kept = rows;
    if (min) kept = kept.filter(min);
    if (max) kept = kept.filter(max);
    return kept;
  }
}
