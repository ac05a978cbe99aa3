// The confidence turn (opt-in, RunSettings.askConfidence; docs/reliability-profile.md, "Predictability"):
// after a model agent's final answer, ONE more turn in the same conversation asks the model how confident
// it is that the task was done correctly. The reply is kept whole in the trace (a `confidence` step) and
// read into a number in [0, 1], or null when it holds none in range. The turn happens after the final
// answer and offers no tool to call, so it cannot change the sandbox, the calls or the verdict; a failed
// turn (provider error, time limit) is recorded on its step and leaves the task as it was.
// One mechanism for every model agent: each ends with finishWithConfidence instead of trace.finish.
import type { ModelMessage } from "ai";
import type { AgentDeps, AgentOutcome } from "./types";
import type { Trace } from "./trace";
import { generateTurn, type TurnRequest } from "./model-turn";
import { CONFIDENCE_QUESTION, parseConfidence } from "./confidence-reply";

export { CONFIDENCE_QUESTION, parseConfidence };

/** The conversation as it stood when the agent gave its final answer (the answer's own turn included). */
export interface FinishedConversation {
  readonly system: string;
  /** Every message the final turn was sent, then the model's reply to it (generateText's response.messages). */
  readonly messages: readonly ModelMessage[];
  /** The tools of the conversation: still declared (Anthropic refuses tool calls in a history without tools), never callable (tool choice none). */
  readonly tools?: TurnRequest["tools"];
  readonly providerOptions?: TurnRequest["providerOptions"];
}

/**
 * The agent's end after a final answer: the final step, then, when the run asks for it, the confidence
 * turn. Without the setting this is exactly trace.finish (the outcome has no `confidence` field).
 */
export async function finishWithConfidence(deps: AgentDeps, trace: Trace, answer: string, conversation: () => FinishedConversation): Promise<AgentOutcome> {
  if (!deps.askConfidence) return trace.finish(answer);
  await trace.record({ kind: "final", text: answer });
  const confidence = await askConfidence(deps, trace, conversation());
  return { ...trace.outcome(null, answer), confidence };
}

async function askConfidence(deps: AgentDeps, trace: Trace, conversation: FinishedConversation): Promise<number | null> {
  let confidence: number | null = null;
  const started = performance.now();
  const turn = await generateTurn(
    deps,
    trace,
    {
      system: conversation.system,
      messages: [...conversation.messages, { role: "user", content: CONFIDENCE_QUESTION }],
      tools: conversation.tools,
      toolChoice: conversation.tools ? "none" : undefined,
      providerOptions: conversation.providerOptions,
    },
    async (step) => {
      confidence = parseConfidence(step.text);
      await trace.record({ ...step, kind: "confidence", confidence, errorKind: null });
    },
  );
  if (turn.ok) return confidence;
  // The task is done and scored on its state: a failed question only leaves the confidence unknown.
  await trace.record({
    kind: "confidence", text: turn.error.message, confidence: null, errorKind: turn.error.kind,
    inputTokens: 0, outputTokens: 0, latencyMs: Math.round(performance.now() - started), finishReason: "error", retries: 0,
  });
  return null;
}
