// A native tool call the agent could not accept (malformed JSON, schema failure, unknown tool): recorded
// as a failed tool step the model is told about. It never ran, but a call with readable arguments is
// still one of the outcome's predicted calls: the paper's harness recorded such calls too (they raise
// on replay and are skipped), and v1 exact match and action counts compare the call strings.
import type { Trace } from "./trace";
import { formatCall } from "./engine";
import { pythonStr } from "../calls";
import { errorMessage } from "../core/errors";
import { sentArguments } from "./tool-arguments";

const MAX_DETAIL = 400;

/** `format`: the run's protocol's call-string format. */
export async function recordInvalidCall(
  trace: Trace,
  tool: string,
  input: unknown,
  error: unknown,
  format: (tool: string, args: Readonly<Record<string, string>>) => string = formatCall,
): Promise<string> {
  const detail = errorMessage(error);
  const kind = typeof input === "string" ? "Malformed JSON arguments" : "Invalid arguments";
  const observation = `Error: ${kind} for ${tool}: ${detail.slice(0, MAX_DETAIL)}`;
  const args = objectArgs(input);
  const call = args ? format(tool, args) : `${tool}.func(${String(input)})`;
  if (args) trace.addCall(call);
  // The call string and `args` hold str() of each value; a number the model sent is kept as sent beside them.
  const sent = sentArguments(input);
  await trace.record({ kind: "tool", tool, args: args ?? {}, call, observation, ok: false, diff: [], ...(sent ? { arguments: sent } : {}) });
  return observation;
}

function objectArgs(input: unknown): Record<string, string> | undefined {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return undefined;
  return Object.fromEntries(Object.entries(input).map(([key, value]) => [key, pythonStr(value)]));
}
