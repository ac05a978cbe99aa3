// Python's `json.dumps(value)` with its defaults (src/tools/*.py of 2026 return these strings):
// ", " and ": " separators, ensure_ascii (non-ASCII as \uXXXX), NaN/Infinity as bare words, floats in
// Python's repr, and a TypeError for what the json module cannot serialise (a pandas Timestamp).
import { reprFloat } from "../calls/python-string";
import { NumpyStringArray, PythonFloat } from "./format";
import { PythonError } from "./python-error";

export function jsonDumps(value: unknown): string {
  if (value === null || value === undefined) return "NaN"; // a NaN cell (None cells print the same: see format.ts)
  if (typeof value === "string") return jsonString(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") return Number.isInteger(value) ? String(value) : jsonFloat(value);
  if (value instanceof PythonFloat) return jsonFloat(value.value);
  if (value instanceof NumpyStringArray) throw new PythonError("TypeError", "Object of type ndarray is not JSON serializable");
  if (Array.isArray(value)) return `[${value.map(jsonDumps).join(", ")}]`;
  if (typeof value === "object") {
    if ("timestamp" in value && Object.keys(value).length === 1) {
      throw new PythonError("TypeError", "Object of type Timestamp is not JSON serializable");
    }
    return `{${Object.entries(value).map(([k, v]) => `${jsonString(k)}: ${jsonDumps(v)}`).join(", ")}}`;
  }
  throw new PythonError("TypeError", `Object of type ${typeof value} is not JSON serializable`);
}

function jsonFloat(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (!Number.isFinite(value)) return value > 0 ? "Infinity" : "-Infinity";
  return reprFloat(value);
}

const ESCAPES: Readonly<Record<string, string>> = { '"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f" };

/** Printable ASCII but the quote and the backslash: such a text is dumped as it is. */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

function jsonString(text: string): string {
  if (PLAIN.test(text)) return `"${text}"`;
  let out = '"';
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i] as string;
    const code = text.charCodeAt(i);
    if (ESCAPES[ch]) out += ESCAPES[ch];
    else if (code < 0x20 || code > 0x7e) out += `\\u${code.toString(16).padStart(4, "0")}`;
    else out += ch;
  }
  return out + '"';
}
