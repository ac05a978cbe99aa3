// Rebuilds a trace for a recorded result: the recorded calls are replayed on a fresh sandbox (through
// the replay agent, so observations and per-call diffs are exactly what our tools return), and the
// model's thoughts come from the parsed full_response log of the matching intermediate step.
import type { AgentStep } from "@/lib/workbench/agents/types";
import type { SandboxData } from "@/lib/workbench/sandbox/types";
import type { Task } from "@/lib/workbench/datasets/types";
import type { RecordedResult } from "@/lib/workbench/results/types";
import { ALL_TOOLS, createAgent, createSandbox } from "../engine";

/** v1's wording for a context-window failure (the scorer counts it by this exact string). */
const CONTEXT_WINDOW_ERROR = "Context window exceeded";

export async function recordedTrace(task: Task, row: RecordedResult, sandbox: SandboxData): Promise<AgentStep[]> {
  const replayed: AgentStep[] = [];
  await createAgent("replay").run(task, {
    sandbox: createSandbox(sandbox),
    tools: ALL_TOOLS,
    sink: { record: async (step) => void replayed.push(step) },
    signal: new AbortController().signal,
    recordedCalls: row.calls,
  });
  const toolSteps = replayed.filter((step) => step.kind === "tool");
  const steps: AgentStep[] = [];
  toolSteps.forEach((toolStep, index) => {
    const thought = row.steps?.[index]?.log;
    if (thought) steps.push(recordedModelStep(thought));
    steps.push(toolStep);
  });
  if (row.error) {
    const errorKind = row.error === CONTEXT_WINDOW_ERROR ? "context_window" : "provider";
    steps.push({ kind: "error", errorKind, message: row.error });
  } else if (row.finalOutput !== null) {
    steps.push({ kind: "final", text: row.finalOutput });
  }
  return steps;
}

/** Recorded logs carry no token counts or timings: zeros, not guesses. */
function recordedModelStep(text: string): AgentStep {
  return { kind: "model", text, inputTokens: 0, outputTokens: 0, latencyMs: 0, finishReason: "recorded", retries: 0 };
}
