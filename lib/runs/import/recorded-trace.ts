// Rebuilds a trace for a recorded result: the recorded calls are replayed on a fresh sandbox (through
// the replay agent, so observations and per-call diffs are exactly what our tools return), and the
// model's thoughts come from the parsed full_response log of the matching intermediate step.
import type { AgentStep } from "@/lib/workbench/agents/types";
import type { SandboxData } from "@/lib/workbench/sandbox/types";
import type { Task } from "@/lib/workbench/datasets/types";
import type { RecordedResult, RecordedTurn } from "@/lib/workbench/results/types";
import { createAgent } from "@/lib/workbench/agents";
import { createSandbox } from "@/lib/workbench/sandbox/sandbox";
import { getProtocol, type ProtocolId } from "@/lib/workbench/protocols";
import { engineSettings } from "../engine-settings";
import { sentArguments } from "@/lib/workbench/agents/tool-arguments";
import { CONTEXT_WINDOW_MESSAGE, ITERATION_LIMIT_MESSAGE } from "@/lib/workbench/core/v1-error-wording";


/** How a recorded error string is classified; null when the row has none. */
export function recordedErrorKind(error: string): "context_window" | "iteration_limit" | "provider" | null {
  if (!error) return null;
  if (error === CONTEXT_WINDOW_MESSAGE) return "context_window";
  return error === ITERATION_LIMIT_MESSAGE ? "iteration_limit" : "provider";
}

export async function recordedTrace(task: Task, row: RecordedResult, sandbox: SandboxData, protocolId: ProtocolId): Promise<AgentStep[]> {
  const replayed: AgentStep[] = [];
  const protocol = getProtocol(protocolId);
  await createAgent("replay").run(task, {
    sandbox: createSandbox(sandbox),
    tools: protocol.tools.all,
    protocol,
    sink: { record: async (step) => void replayed.push(step) },
    engine: engineSettings(),
    signal: new AbortController().signal,
    recordedCalls: row.calls,
  });
  const toolSteps = replayed.filter((step) => step.kind === "tool");
  const steps: AgentStep[] = [];
  toolSteps.forEach((toolStep, index) => {
    const recorded = row.steps?.[index];
    if (recorded && (recorded.turn ?? recorded.log !== "")) steps.push(recordedModelStep(recorded));
    // The replayed call holds string arguments; a recorded input with other JSON types is kept as sent.
    const sent = sentArguments(recorded?.toolInput);
    steps.push(sent && toolStep.kind === "tool" ? { ...toolStep, arguments: sent } : toolStep);
  });
  if (row.finalTurn) steps.push(recordedModelStep(row.finalTurn));
  if (row.error) {
    steps.push({ kind: "error", errorKind: recordedErrorKind(row.error) ?? "provider", message: row.error });
  } else if (row.finalOutput !== null) {
    steps.push({ kind: "final", text: row.finalOutput });
  }
  return steps;
}

/** Recorded logs carry no token counts or timings (zeros, not guesses) unless the source measured them. */
function recordedModelStep({ log, usage }: RecordedTurn): AgentStep {
  return { kind: "model", text: log, inputTokens: 0, outputTokens: 0, latencyMs: 0, finishReason: "recorded", retries: 0, ...usage };
}
