// A native tool call the SDK could not accept (malformed JSON, schema failure, unknown tool): recorded
// as a failed tool step the model is told about. It never ran, so it is not one of the outcome's calls.
import type { Trace } from "./trace";
import { formatCall } from "./engine";
import { pythonStr } from "../calls";

const MAX_DETAIL = 400;

export async function recordInvalidCall(trace: Trace, tool: string, input: unknown, error: unknown): Promise<string> {
  const detail = error instanceof Error ? error.message : String(error);
  const kind = typeof input === "string" ? "Malformed JSON arguments" : "Invalid arguments";
  const observation = `Error: ${kind} for ${tool}: ${detail.slice(0, MAX_DETAIL)}`;
  const args = objectArgs(input);
  const call = args ? formatCall(tool, args) : `${tool}.func(${String(input)})`;
  await trace.record({ kind: "tool", tool, args: args ?? {}, call, observation, ok: false, diff: [] });
  return observation;
}

function objectArgs(input: unknown): Record<string, string> | undefined {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return undefined;
  return Object.fromEntries(Object.entries(input).map(([key, value]) => [key, pythonStr(value)]));
}
