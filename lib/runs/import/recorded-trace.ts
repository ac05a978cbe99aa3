// Rebuilds a trace for a recorded result: the recorded calls are replayed on a fresh sandbox (through
// the replay agent, so observations and per-call diffs are exactly what our tools return), and the
// model's thoughts come from the parsed full_response log of the matching intermediate step.
//
// A faulted run's files record each call's injected fault (Studio's own files): a call a transient fault
// stopped never ran, so it is not among the row's calls and is not replayed; its step comes back as
// recorded (the 503 answer, no change). A call that ran under a fault (ambiguous, malformed) is replayed
// for its change, and keeps the answer the agent was shown and its fault.
import type { AgentStep } from "@/lib/workbench/agents/types";
import type { SandboxData } from "@/lib/workbench/sandbox/types";
import type { Task } from "@/lib/workbench/datasets/types";
import type { RecordedResult, RecordedStep, RecordedTurn } from "@/lib/workbench/results/types";
import { faultStoppedCall } from "@/lib/workbench/tools/faults";
import { createAgent } from "@/lib/workbench/agents";
import { createSandbox } from "@/lib/workbench/sandbox/sandbox";
import { getProtocol, type ProtocolId } from "@/lib/workbench/protocols";
import type { Protocol } from "@/lib/workbench/protocols/types";
import { engineSettings } from "../engine-settings";
import { sentArguments } from "@/lib/workbench/agents/tool-arguments";
import { CONTEXT_WINDOW_MESSAGE, ITERATION_LIMIT_MESSAGE } from "@/lib/workbench/core/v1-error-wording";


type ToolStep = Extract<AgentStep, { kind: "tool" }>;

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
  const toolSteps = replayed.filter((step): step is ToolStep => step.kind === "tool");
  const steps: AgentStep[] = [];
  // Each recorded step takes the next replayed call, except a call a fault stopped (it was not replayed).
  let next = 0;
  for (const recorded of row.steps ?? []) {
    const stopped = faultStoppedCall(recorded.fault);
    const toolStep = stopped ? stoppedCallStep(recorded, protocol) : toolSteps[next++];
    if (!toolStep) break;
    if (recorded.turn ?? recorded.log !== "") steps.push(recordedModelStep(recorded));
    const shown = recorded.fault && !stopped ? { ...toolStep, observation: recorded.observation ?? toolStep.observation, fault: recorded.fault } : toolStep;
    // The replayed call holds string arguments; a recorded input with other JSON types is kept as sent.
    const sent = sentArguments(recorded.toolInput);
    steps.push(sent ? { ...shown, arguments: sent } : shown);
  }
  steps.push(...toolSteps.slice(next));
  if (row.finalTurn) steps.push(recordedModelStep(row.finalTurn));
  if (row.error) {
    steps.push({ kind: "error", errorKind: recordedErrorKind(row.error) ?? "provider", message: row.error });
  } else if (row.finalOutput !== null) {
    steps.push({ kind: "final", text: row.finalOutput });
  }
  return steps;
}

/** The step of a call a transient fault stopped, as recorded: the service's answer, nothing changed. */
function stoppedCallStep(recorded: RecordedStep, protocol: Protocol): ToolStep {
  const args = typeof recorded.toolInput === "object" && recorded.toolInput !== null && !Array.isArray(recorded.toolInput) ? (recorded.toolInput as Record<string, unknown>) : {};
  return {
    kind: "tool", tool: recorded.tool, args, call: recorded.call ?? protocol.formatCall(recorded.tool, args),
    observation: recorded.observation ?? "", ok: true, diff: [], ...(recorded.fault ? { fault: recorded.fault } : {}),
  };
}

/** Recorded logs carry no token counts or timings (zeros, not guesses) unless the source measured them. */
function recordedModelStep({ log, usage }: RecordedTurn): AgentStep {
  return { kind: "model", text: log, inputTokens: 0, outputTokens: 0, latencyMs: 0, finishReason: "recorded", retries: 0, ...usage };
}
