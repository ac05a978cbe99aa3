/**
 * pandas `str.contains(pattern)` treats the pattern as a Python `re` regex. This translates the
 * Python syntax that differs in JavaScript and raises `re.error` (as a PythonError) where Python
 * would reject the pattern: unknown escapes such as `\q`, incomplete `\x`, and anything the
 * JavaScript engine cannot compile (unbalanced parentheses, "nothing to repeat", ...).
 * Not covered (rare in model input): scoped flags `(?i:...)`, `\N{...}`, possessive quantifiers,
 * and Python's fixed-width look-behind rule.
 */
import { PythonError } from "./python-error";
import { searchCost } from "./regex-cost";
import { errorMessage } from "../core/errors";

/**
 * Backtracking work (see regex-cost.ts) one search call may spend over all the cells it scans.
 * About a second of irregexp at worst; typical queries (plain words, one ".*") cost a few thousand.
 */
export const SEARCH_BUDGET = 2e8;
/** Longer literal patterns exceed V8's regex size limit (Python accepts them): matched as substrings. */
const LONG_LITERAL = 10_000;
const METACHARACTERS = /[.^$*+?{}[\]\\|()]/;

/** A compiled Python pattern; `spent` counts the estimated work of the searches made with it. */
export interface PythonPattern {
  readonly regex: RegExp | null;
  readonly literal: string;
  readonly ignoreCase: boolean;
  spent: number;
  /** searchCost by text length (an array: read once per cell scanned): the analysis reads the whole pattern, cells repeat lengths. */
  readonly costs: number[];
  /** Whether the pattern matches a text, by text: replays search the same cells over and over. */
  readonly found: Map<string, boolean>;
}

const SAME_ESCAPES = new Set(["b", "B", "d", "D", "s", "S", "w", "W", "f", "n", "r", "t", "v"]);

export function compilePythonRegex(pattern: string, ignoreCase: boolean): PythonPattern {
  if (pattern.length >= LONG_LITERAL && !METACHARACTERS.test(pattern)) {
    return { regex: null, literal: ignoreCase ? pattern.toLowerCase() : pattern, ignoreCase, spent: 0, costs: [], found: new Map() };
  }
  const key = `${ignoreCase ? "i" : "-"}${pattern}`;
  let compiled = compiledPatterns.get(key);
  if (!compiled) {
    if (compiledPatterns.size >= COMPILED_PATTERNS_KEPT) {
      compiledPatterns.clear();
      foundInAll = 0;
    }
    compiled = { regex: compileRegExp(pattern, ignoreCase), costs: [], found: new Map() };
    compiledPatterns.set(key, compiled);
  }
  // Each search gets its own budget; the regex (no g/y flag, so no state), the costs and the results are shared.
  return { regex: compiled.regex, literal: "", ignoreCase, spent: 0, costs: compiled.costs, found: compiled.found };
}

/** Compiled patterns by flag and text: the same query recurs across calls and replays. */
const compiledPatterns = new Map<string, { regex: RegExp; costs: number[]; found: Map<string, boolean> }>();
/** Texts whose result one pattern remembers at most (a table's cells, a few times over). */
const FOUND_KEPT = 20_000;
/**
 * Searches of more rows than this do not remember each text's result (textMatcher decides): a pattern
 * keeps at most FOUND_KEPT texts, so at a 100× generated workplace's 20k-45k rows a scan mostly
 * inserted entries it then cleared, which cost more than the regex (100× hard generation: about a fifth
 * of the CPU). The official sandbox's and a 10× workplace's tables stay below it and keep the memory.
 */
export const REMEMBERED_SCAN_MAX = 5_000;
const COMPILED_PATTERNS_KEPT = 1_000;
/**
 * Remembered results over all patterns: a scorer's few hundred cells × its queries stay far below it,
 * while a 100× generated workplace (50k emails, thousands of distinct queries) would otherwise keep
 * tens of millions of entries alive.
 */
const FOUND_KEPT_IN_ALL = 200_000;
let foundInAll = 0;

function compileRegExp(pattern: string, ignoreCase: boolean): RegExp {
  let flags = ignoreCase ? "i" : "";
  let source = pattern;
  const global = /^\(\?([aiLmsux]+)\)/.exec(source);
  if (global?.[1]) {
    source = source.slice(global[0].length);
    if (global[1].includes("i") && !flags.includes("i")) flags += "i";
    if (global[1].includes("s")) flags += "s";
    if (global[1].includes("m")) flags += "m";
    if (global[1].includes("x")) throw reError("verbose patterns are not supported", 0);
  }
  const translated = translate(source);
  try {
    const regex = new RegExp(translated, flags);
    // V8 compiles lazily and reports "Regular expression too large" on first use: force it here.
    regex.test("");
    return regex;
  } catch (error) {
    throw reError(errorMessage(error), 0);
  }
}

/**
 * `pattern` matches somewhere in `text` (Python `re.search`). Raises a TimeoutError observation
 * instead of starting a search whose backtracking bound exceeds the budget: Python would grind
 * through it (or hang past the 120 s task limit); a worker must not.
 */
export function regexSearch(pattern: PythonPattern, text: string, remember = true): boolean {
  const { regex } = pattern;
  if (regex === null) return (pattern.ignoreCase ? text.toLowerCase() : text).includes(pattern.literal);
  let cost = pattern.costs[text.length];
  if (cost === undefined) pattern.costs[text.length] = cost = searchCost(regex.source, text.length);
  pattern.spent += cost;
  if (!(pattern.spent <= SEARCH_BUDGET)) {
    throw new PythonError(
      "TimeoutError",
      `the pattern ${JSON.stringify(regex.source.slice(0, 80))} could backtrack for too long (nested or repeated quantifiers); simplify the search`,
    );
  }
  // The budget above is still spent for a remembered result, so a search raises exactly when it did.
  if (!remember) {
    regex.lastIndex = 0;
    return regex.test(text);
  }
  let found = pattern.found.get(text);
  if (found === undefined) {
    regex.lastIndex = 0;
    found = regex.test(text);
    if (pattern.found.size >= FOUND_KEPT) {
      foundInAll -= pattern.found.size;
      pattern.found.clear();
    }
    if (foundInAll >= FOUND_KEPT_IN_ALL) forgetFound();
    pattern.found.set(text, found);
    foundInAll += 1;
  }
  return found;
}

/** Every pattern's remembered results forgotten at once (the patterns stay compiled). */
function forgetFound(): void {
  for (const compiled of compiledPatterns.values()) compiled.found.clear();
  foundInAll = 0;
}

function reError(message: string, position: number): PythonError {
  return new PythonError("re.error", `${message} at position ${position}`);
}

function translate(source: string): string {
  let out = "";
  let inClass = false;
  let i = 0;
  while (i < source.length) {
    const char = source[i] ?? "";
    if (char === "\\") {
      const [text, length] = translateEscape(source, i, inClass);
      out += text;
      i += length;
      continue;
    }
    if (inClass) {
      if (char === "]") inClass = false;
      out += char === "[" ? "\\[" : char;
      i += 1;
      continue;
    }
    if (char === "[") {
      // Python reads a "]" right after "[" or "[^" as a literal; JavaScript would end the class there.
      inClass = true;
      const negated = source[i + 1] === "^";
      out += negated ? "[^" : "[";
      i += negated ? 2 : 1;
      if (source[i] === "]") {
        out += "\\]";
        i += 1;
      }
      continue;
    }
    const [text, length] = translateOutsideClass(source, i);
    out += text;
    i += length;
  }
  if (inClass) throw reError("unterminated character set", source.lastIndexOf("["));
  return out;
}

function translateOutsideClass(source: string, i: number): [string, number] {
  const rest = source.slice(i);
  const named = /^\(\?P<([A-Za-z_]\w*)>/.exec(rest);
  if (named) return [`(?<${named[1]}>`, named[0].length];
  const backref = /^\(\?P=([A-Za-z_]\w*)\)/.exec(rest);
  if (backref) return [`\\k<${backref[1]}>`, backref[0].length];
  const comment = /^\(\?#[^)]*\)/.exec(rest);
  if (comment) return ["", comment[0].length];
  const openMin = /^\{,(\d+)\}/.exec(rest);
  if (openMin) return [`{0,${openMin[1]}}`, openMin[0].length];
  // Python's "$" also matches before a final newline.
  if (rest[0] === "$") return ["(?=\\n?$)", 1];
  return [rest[0] ?? "", 1];
}

function translateEscape(source: string, i: number, inClass: boolean): [string, number] {
  const next = source[i + 1];
  if (next === undefined) throw reError("bad escape (end of pattern)", i);
  if (SAME_ESCAPES.has(next)) return [`\\${next}`, 2];
  if (next === "a") return ["\\x07", 2];
  if (!inClass && next === "A") return ["^", 2];
  if (!inClass && next === "Z") return ["$", 2];
  if (next === "x" || next === "u" || next === "U") {
    const width = next === "x" ? 2 : next === "u" ? 4 : 8;
    const hex = source.slice(i + 2, i + 2 + width);
    if (!new RegExp(`^[0-9a-fA-F]{${width}}$`).test(hex)) throw reError(`incomplete escape \\${next}${hex}`, i);
    return [escapeLiteral(String.fromCodePoint(parseInt(hex, 16))), 2 + width];
  }
  if (/[0-9]/.test(next)) return [`\\${next}`, 2];
  if (/[A-Za-z]/.test(next)) throw reError(`bad escape \\${next}`, i);
  return [`\\${next}`, 2];
}

function escapeLiteral(char: string): string {
  return /[\\^$.*+?()[\]{}|/-]/.test(char) ? `\\${char}` : char;
}
