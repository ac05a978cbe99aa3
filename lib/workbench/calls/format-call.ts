// Builds call strings exactly as the original agent harness recorded them (quirk 14):
// tool + ".func(" + ", ".join(f'{k}="{v}"') + ")", with str() of each value. Values are not escaped,
// so a value containing `"` yields a string that fails to replay, as it did in the original.
// The 2026 harness escapes backslashes, quotes and newlines (`valueEscaping: "escape"`).
import { formatPythonLiteral, type PyValue } from "./python-literal";
import type { CallDialect } from "./parse-call";

export function formatCall(
  tool: string,
  args: Readonly<Record<string, unknown>>,
  escaping: CallDialect["valueEscaping"] = "none",
): string {
  const parts = Object.entries(args).map(([key, value]) => `${key}="${escapeValue(pythonStr(value), escaping)}"`);
  return `${tool}.func(${parts.join(", ")})`;
}

function escapeValue(text: string, escaping: CallDialect["valueEscaping"]): string {
  return escaping === "none" ? text : text.replaceAll("\\", "\\\\").replaceAll('"', '\\"').replaceAll("\n", "\\n");
}

/** Python's str(): strings as they are, everything else as its repr. */
export function pythonStr(value: unknown): string {
  if (typeof value === "string") return value;
  return formatPythonLiteral(toPyValue(value));
}

function toPyValue(value: unknown): PyValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  if (Array.isArray(value)) return value.map(toPyValue);
  if (typeof value === "object") {
    return { kind: "dict", entries: Object.entries(value).map(([k, v]) => [k, toPyValue(v)] as const) };
  }
  return String(value);
}
