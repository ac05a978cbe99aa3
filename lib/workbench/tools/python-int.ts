// Python's `int(text)` for a str: surrounding whitespace, one sign, digits with single underscores
// between them; anything else raises ValueError with Python's message.
import { reprString } from "../calls/python-string";
import { PythonError } from "./python-error";

export function pythonInt(text: string): number {
  const trimmed = text.trim();
  if (!/^[+-]?\d+(?:_\d+)*$/.test(trimmed)) {
    throw new PythonError("ValueError", `invalid literal for int() with base 10: ${reprString(text)}`);
  }
  return Number(trimmed.replaceAll("_", ""));
}
