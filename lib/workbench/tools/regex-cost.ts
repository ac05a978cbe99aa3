/**
 * An upper bound on the backtracking work of a (translated, JavaScript) regex search, so a model's
 * pattern such as "(a+)+$" cannot hang the worker. V8's irregexp backtracks like Python's `re`, and
 * its linear-time fallback is not available for case-insensitive patterns, so we bound instead:
 *
 *   cost(n) = n start positions × Π over quantifiers of the choices each can make, where
 *   `*`, `+`, `{m,}` and back-references choose among n + 1 lengths, `{m,k}` among k - m + 1,
 *   an alternation sums its branches, and an unbounded quantifier over a group that itself
 *   branches (nested quantifier or alternation) is unbounded: exponential in n.
 *
 * For patterns without nested unbounded quantifiers this over-approximates the number of
 * backtracking states irregexp can visit. Parsing is iterative, so a deeply nested pattern
 * cannot overflow the stack.
 */

interface Frame {
  /** Cost of the finished alternatives of this group. */
  alternatives: number;
  /** Product of the items of the alternative being read. */
  current: number;
}

const QUANTIFIER = /^(?:[*+?]|\{(\d+)(?:(,)(\d*))?\})\??/;

/** Work estimate of searching `source` (a JavaScript pattern) in a text of length `n`. */
export function searchCost(source: string, n: number): number {
  const stack: Frame[] = [{ alternatives: 0, current: 1 }];
  let i = 0;
  while (i < source.length) {
    const char = source[i] as string;
    let atomCost = 1;
    let atomEnd = i + 1;
    let atomBranches = false;
    if (char === "\\") {
      const backref = /^\\(?:[1-9]\d*|k<[^>]*>)/.exec(source.slice(i, i + 64));
      atomEnd = i + (backref ? backref[0].length : 2);
      if (backref) atomCost = n + 1;
    } else if (char === "[") {
      atomEnd = classEnd(source, i);
    } else if (char === "(") {
      stack.push({ alternatives: 0, current: 1 });
      i += 1;
      continue;
    } else if (char === "|") {
      const frame = stack.at(-1) as Frame;
      frame.alternatives += frame.current;
      frame.current = 1;
      i += 1;
      continue;
    } else if (char === ")" && stack.length > 1) {
      const frame = stack.pop() as Frame;
      atomCost = frame.alternatives + frame.current;
      atomBranches = atomCost > 1;
    }
    const quantifier = QUANTIFIER.exec(source.slice(atomEnd, atomEnd + 40));
    const top = stack.at(-1) as Frame;
    top.current *= quantifier ? quantified(atomCost, atomBranches, quantifier, n) : atomCost;
    i = atomEnd + (quantifier ? quantifier[0].length : 0);
  }
  const root = stack[0] as Frame;
  // Unclosed groups only occur in patterns the RegExp constructor already rejected.
  return n * Math.max(1, root.alternatives + root.current);
}

function quantified(atomCost: number, atomBranches: boolean, match: RegExpExecArray, n: number): number {
  const symbol = match[0][0];
  const min = symbol === "+" ? 1 : symbol === "{" ? Number(match[1]) : 0;
  const max = symbol === "?" ? 1 : symbol === "{" ? (match[2] === undefined ? min : match[3] ? Number(match[3]) : Infinity) : Infinity;
  if (max === Infinity) return atomBranches ? Infinity : atomCost * (n + 1);
  const repeats = Math.min(max, n + 1);
  return atomCost ** repeats * Math.min(max - min + 1, n + 1);
}

/** Index just past the `]` closing the class that opens at `start` (escapes skipped). */
function classEnd(source: string, start: number): number {
  let i = start + 1;
  while (i < source.length && source[i] !== "]") i += source[i] === "\\" ? 2 : 1;
  return i + 1;
}
