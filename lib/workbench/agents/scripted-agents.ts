// Agents without a model: `oracle` runs the task's ground truth, `replay` runs recorded calls, `noop`
// does nothing. They exercise the sandbox, the trace and the scorer without any provider.
import type { Agent, AgentDeps, AgentOutcome } from "./types";
import type { Task } from "../datasets/types";
import { Trace } from "./trace";
import { runCallString } from "./run-tool";
import { abortError } from "./run-errors";

async function runCallStrings(calls: readonly string[], deps: AgentDeps, finalText: string): Promise<AgentOutcome> {
  const trace = new Trace(deps.sink);
  for (const raw of calls) {
    if (deps.signal.aborted) return trace.fail(abortError(deps.signal));
    await runCallString(deps, trace, raw);
  }
  return trace.finish(finalText);
}

export const oracleAgent: Agent = {
  kind: "oracle",
  run: (task: Task, deps: AgentDeps) =>
    runCallStrings(task.groundTruth, deps, `Executed the ${task.groundTruth.length} ground-truth call(s).`),
};

export const replayAgent: Agent = {
  kind: "replay",
  run: (_task: Task, deps: AgentDeps) => {
    if (!deps.recordedCalls) throw new Error("The replay agent needs deps.recordedCalls");
    return runCallStrings(deps.recordedCalls, deps, `Replayed ${deps.recordedCalls.length} recorded call(s).`);
  },
};

export const noopAgent: Agent = {
  kind: "noop",
  run: (_task: Task, deps: AgentDeps) => runCallStrings([], deps, "No action taken."),
};
