// `str(ast.literal_eval(node))` for one keyword value of a 2026 call string (src/evals/actions.py:55-56
// at f7bed57). The literal is read by python-literal.ts with `exactNumbers`, so that `30`, `30.0` and
// `1e20` become "30", "30.0" and "1e+20" as in Python. What literal_eval refuses (a name, a call other
// than set(), an operator) raises ValueError, which the 2026 evaluator counts as a failed call.
import { isPyKind, readPythonValue, type PyValue } from "./python-literal";
import { PythonSyntaxError, reprFloat, reprString } from "./python-string";

/** `str(ast.literal_eval(source))`; throws PythonSyntaxError ("ValueError" for a non-literal). */
export function pythonStrOfLiteral(source: string): string {
  const { value, end } = readLiteralStr(source, 0);
  if (source.slice(end).trim() !== "") throw malformed(source);
  return value;
}

/** Reads one literal at `pos` (for an embedding parser): its str() and the offset just past it. */
export function readLiteralStr(text: string, pos: number): { value: string; end: number } {
  const { value, end } = readPythonValue(text, pos, { exactNumbers: true });
  return { value: typeof value === "string" ? value : repr(value, text), end };
}

function malformed(source: string): PythonSyntaxError {
  return new PythonSyntaxError(`malformed node or string: ${JSON.stringify(source.slice(0, 60))}`, 0, "ValueError");
}

function repr(value: PyValue, source: string): string {
  if (value === null) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "string") return reprString(value);
  if (typeof value === "number") throw malformed(source); // only read without exactNumbers
  if (Array.isArray(value)) return `[${value.map((item) => repr(item, source)).join(", ")}]`;
  if (isPyKind(value, "number")) return numberRepr(value.text);
  if (isPyKind(value, "tuple")) {
    const items = value.items.map((item) => repr(item, source));
    return items.length === 1 ? `(${items[0]},)` : `(${items.join(", ")})`;
  }
  if (isPyKind(value, "set")) return value.items.length ? `{${unique(value.items, source).join(", ")}}` : "set()";
  if (isPyKind(value, "dict")) return `{${dictEntries(value.entries, source).join(", ")}}`;
  if (isPyKind(value, "bytes")) return "b" + reprString(value.value);
  // set() is the one call literal_eval accepts.
  if (isPyKind(value, "call") && value.name === "set" && value.args.length === 0 && Object.keys(value.kwargs).length === 0) return "set()";
  throw malformed(source);
}

/** Python's repr of an int, float or complex literal as written. */
function numberRepr(text: string): string {
  const literal = text.replaceAll("_", "");
  const complex = /^([+-]?[^+-]*(?:[eE][+-]?\d+)?)([+-].+)[jJ]$/.exec(literal);
  if (complex) return complexRepr(Number(complex[1]), Number(complex[2]));
  if (/[jJ]$/.test(literal)) return complexRepr(0, Number(literal.slice(0, -1)));
  const negative = literal.startsWith("-");
  const digits = literal.replace(/^[+-]/, "");
  if (/^0[xob]/i.test(digits)) return (negative ? -BigInt(digits.toLowerCase()) : BigInt(digits.toLowerCase())).toString();
  if (/[.eE]/.test(digits)) return reprFloat(Number(literal));
  return BigInt(literal).toString();
}

/** complex repr: parts without a trailing ".0"; "(re±imj)" unless the real part is +0. */
function complexRepr(re: number, im: number): string {
  const part = (x: number) => reprFloat(x).replace(/\.0$/, "").replace(/\.0e/, "e");
  if (re === 0 && !Object.is(re, -0)) return `${part(im)}j`;
  const imText = part(im);
  return `(${part(re)}${imText.startsWith("-") ? "" : "+"}${imText}j)`;
}

/** A set keeps first occurrences in source order (CPython's order for small ints; unspecified for strings). */
function unique(items: readonly PyValue[], source: string): string[] {
  const seen = new Set<string>();
  return items.map((item) => repr(item, source)).filter((text) => !seen.has(hashKey(text)) && seen.add(hashKey(text)));
}

/** A repeated key keeps its first position and takes the last value, as a Python dict does. */
function dictEntries(entries: readonly (readonly [PyValue, PyValue])[], source: string): string[] {
  const byKey = new Map<string, [string, string]>();
  for (const [key, value] of entries) {
    if (Array.isArray(key) || isPyKind(key, "dict") || isPyKind(key, "set")) {
      throw new PythonSyntaxError("unhashable type", 0, "TypeError");
    }
    const keyText = repr(key, source);
    const existing = byKey.get(hashKey(keyText));
    byKey.set(hashKey(keyText), [existing ? existing[0] : keyText, repr(value, source)]);
  }
  return [...byKey.values()].map(([key, value]) => `${key}: ${value}`);
}

/** 1, 1.0 and True are the same key in Python. */
function hashKey(text: string): string {
  if (text === "True") return "1";
  if (text === "False") return "0";
  return /^-?\d+\.0$/.test(text) ? text.slice(0, -2) : text;
}
