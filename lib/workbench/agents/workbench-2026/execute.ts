// Running one call the way the 2026 harness does, shared by its structured and ReAct loops: the
// protocol's tools (2026 by default), the step recorded with its diff; and how a task ends when
// something raised in the original (its message, no recorded calls: inference.py only collects the
// calls of an AgentResult that was returned).
import type { AgentDeps, AgentOutcome } from "../types";
import type { Tool, ToolOutcome } from "../../tools/types";
import type { Trace } from "../trace";
import type { RunError } from "../run-errors";
import { executeRecorded } from "../run-tool";
import { PROTOCOLS } from "../../protocols/definitions";

export async function execute2026(
  deps: AgentDeps,
  trace: Trace,
  tool: Tool,
  args: Readonly<Record<string, string>>,
  recordedArgs: Readonly<Record<string, unknown>>,
  raw: string,
): Promise<ToolOutcome> {
  return executeRecorded(deps, trace, deps.protocol ?? PROTOCOLS["2026"], { tool: tool.name, args, raw }, recordedArgs);
}

export async function raised(trace: Trace, error: RunError): Promise<AgentOutcome> {
  return { ...(await trace.fail(error)), calls: [] };
}
