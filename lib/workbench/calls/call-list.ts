// The Python list literals of call strings stored in the CSVs (`answer`, `outcome`, `function_calls`).
import { parsePythonLiteral } from "./python-literal";
import { PythonSyntaxError } from "./python-string";

/** Reads `['a(...)', "b(...)"]` into its strings; throws PythonSyntaxError for anything else. */
export function parseCallList(text: string): string[] {
  const value = parsePythonLiteral(text);
  if (!Array.isArray(value)) throw new PythonSyntaxError("expected a list literal", 0, "ValueError");
  return value.map((item, index) => {
    if (typeof item !== "string") throw new PythonSyntaxError(`item ${index} is not a string`, 0, "ValueError");
    return item;
  });
}
