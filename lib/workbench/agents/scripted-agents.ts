// Agents without a model: `oracle` runs the task's ground truth, `oracle-retry` does the same but retries a
// call whose answer is an error of the service (blindly, as a naive agent would: after a timeout too),
// `replay` runs recorded calls, `noop` does nothing. They exercise the sandbox, the trace and the scorer
// without any provider, and under injected faults (tools/faults.ts) they are the reference points.
import type { Agent, AgentDeps, AgentOutcome } from "./types";
import type { Task } from "../datasets/types";
import { Trace } from "./trace";
import { runCallString } from "./run-tool";
import { abortError } from "./run-errors";
import { FAULT_ANSWER_PREFIXES } from "../tools/faults";

/** Attempts of one call by `oracle-retry`: the first and up to three retries. */
export const ORACLE_RETRY_ATTEMPTS = 4;

async function runCallStrings(calls: readonly string[], deps: AgentDeps, finalText: string, attempts = 1): Promise<AgentOutcome> {
  const trace = new Trace(deps.sink);
  for (const raw of calls) {
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (deps.signal.aborted) return trace.fail(abortError(deps.signal));
      const run = await runCallString(deps, trace, raw);
      if (!isServiceError(run.observation)) break;
    }
  }
  return trace.finish(finalText);
}

/** An answer saying the service failed (unavailable, timed out): what a retrying agent retries on. */
function isServiceError(observation: string): boolean {
  return FAULT_ANSWER_PREFIXES.some((prefix) => observation.startsWith(prefix));
}

export const oracleAgent: Agent = {
  kind: "oracle",
  run: (task: Task, deps: AgentDeps) =>
    runCallStrings(task.groundTruth, deps, `Executed the ${task.groundTruth.length} ground-truth call(s).`),
};

export const retryingOracleAgent: Agent = {
  kind: "oracle-retry",
  run: (task: Task, deps: AgentDeps) =>
    runCallStrings(task.groundTruth, deps, `Executed the ${task.groundTruth.length} ground-truth call(s), retrying on service errors.`, ORACLE_RETRY_ATTEMPTS),
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
