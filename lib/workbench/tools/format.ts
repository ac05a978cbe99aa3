/**
 * How the paper's agent saw a tool result: Python's `str()` of the returned value. Dicts print as
 * `{'k': 'v'}`, lists as `[...]`, strings as-is, NaN cells as `nan`, send_email's Timestamp as
 * `Timestamp('2023-11-30 00:00:00')`, floats with Python's repr (`12.0`), and find_email_address's
 * numpy array as numpy prints it (`['a@atlas.com' 'b@atlas.com']`, wrapped at 75 columns).
 * Approximation: a cell that was None (not NaN) in pandas also prints as `nan`.
 */
import { reprFloat, reprString } from "../calls/python-string";

/** A Python float, so that whole values still print as `12.0`; serialises to a plain JSON number. */
export class PythonFloat {
  constructor(readonly value: number) {}
  toJSON(): number {
    return this.value;
  }
}

/** A 1-D numpy array of strings (what `df[col].values` returns); serialises to a JSON array. */
export class NumpyStringArray {
  constructor(readonly items: readonly string[]) {}
  toJSON(): readonly string[] {
    return this.items;
  }
}

export function formatObservation(value: unknown): string {
  if (typeof value === "string") return value;
  if (value instanceof NumpyStringArray) return numpyString(value.items);
  return pythonRepr(value);
}

export function pythonRepr(value: unknown): string {
  if (value === null || value === undefined) return "nan";
  if (typeof value === "string") return reprString(value);
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "number") return Number.isInteger(value) ? String(value) : reprFloat(value);
  if (typeof value === "bigint") return value.toString();
  if (value instanceof PythonFloat) return reprFloat(value.value);
  if (value instanceof NumpyStringArray) return `array([${value.items.map(reprString).join(", ")}], dtype=object)`;
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(", ")}]`;
  if (typeof value === "object") {
    if (isTimestampCell(value)) return `Timestamp('${value.timestamp}')`;
    const entries = Object.entries(value).map(([k, v]) => `${reprString(k)}: ${pythonRepr(v)}`);
    return `{${entries.join(", ")}}`;
  }
  return String(value);
}

function isTimestampCell(value: object): value is { timestamp: string } {
  const keys = Object.keys(value);
  return keys.length === 1 && keys[0] === "timestamp" && typeof (value as { timestamp: unknown }).timestamp === "string";
}


/** numpy's `str()` of a 1-D array: elements' reprs separated by a space, wrapped at 75 columns. */
function numpyString(items: readonly string[]): string {
  const lineWidth = 74; // 75 minus the closing bracket
  const indent = " ";
  let text = "";
  let line = indent;
  items.forEach((item, index) => {
    const word = reprString(item);
    if (line.length + word.length > lineWidth && line.length > indent.length) {
      text += `${line.trimEnd()}\n`;
      line = indent;
    }
    line += word;
    if (index < items.length - 1) line += " ";
  });
  text += line;
  return `[${text.slice(indent.length)}]`;
}
