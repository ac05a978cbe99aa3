// Estimated token usage of a recorded (2024) run, rebuilt from what the results files keep: each model
// call's prompt is the ReAct system prompt (date preamble, the tools offered, the format) plus the
// human message (task, then the scratchpad of earlier steps: each step's model text and observation),
// exactly as lib/workbench/agents/react-prompt.ts builds it; each call's output is that step's recorded
// text. The files hold no usage, so these are estimates: see docs/scoring-fidelity.md "Estimated costs" for the limits.
import { buildReactSystemPrompt, SCRATCHPAD_HEADER } from "@/lib/workbench/agents/react-prompt";
import { ITERATION_LIMIT_MESSAGE } from "@/lib/workbench/core/v1-error-wording";
import type { Tool } from "@/lib/workbench/tools/types";
import { promptOverheadTokens } from "./prompt-formats";
import { priceUsd, type RecordedModelPrice } from "./recorded-model-prices";
import { loadTokenizer, type TokenCounter, type TokenizerId } from "./tokenizers";

/** One recorded task: what the agent was given and what it did. */
export interface RecordedConversation {
  readonly taskText: string;
  /** The tools its prompt listed (all tools, or the task's toolkits + directory). */
  readonly tools: readonly Tool[];
  /** null when the response was not recorded (e.g. the call that overflowed the context threw). */
  readonly steps: readonly { readonly log: string; readonly observation?: string | null }[] | null;
  readonly finalOutput: string | null;
}

export interface UsageEstimate {
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly modelCalls: number;
  /** Tasks whose trace was not recorded: counted as 0 tokens (so the estimate is a lower bound there). */
  readonly untracedTasks: number;
  readonly costUsd: number;
  readonly tokenizer: string;
  readonly priceSource: string;
  readonly priceAsOf: string;
}

export async function estimateRecordedUsage(price: RecordedModelPrice, conversations: readonly RecordedConversation[]): Promise<UsageEstimate> {
  const estimator = await createUsageEstimator(price);
  estimator.add(conversations);
  return estimator.result();
}

/** Adds up a run's estimate a batch of conversations at a time (imports stream their files). */
export interface UsageEstimator {
  add(conversations: readonly RecordedConversation[]): void;
  result(): UsageEstimate;
}

/** How the tokens are counted: the remembering counter, or (benches, tests) the plain encoder to compare with. */
export interface EstimatorOptions {
  readonly loadCounter?: (id: TokenizerId) => Promise<TokenCounter>;
}

export async function createUsageEstimator(price: RecordedModelPrice, { loadCounter = loadTokenizer }: EstimatorOptions = {}): Promise<UsageEstimator> {
  const counter = await loadCounter(price.tokenizer);
  const overhead = promptOverheadTokens(price.promptFormat, counter);
  const systemTokens = memoByTools(counter);
  const header = counter.count(SCRATCHPAD_HEADER);
  let inputTokens = 0;
  let outputTokens = 0;
  let modelCalls = 0;
  let untracedTasks = 0;
  const addOne = (conversation: RecordedConversation) => {
    if (conversation.steps === null) {
      untracedTasks += 1;
      return;
    }
    const outputs = conversation.steps.map((step) => counter.count(step.log));
    const final = finalCallText(conversation);
    if (final !== null) outputs.push(counter.count(final));
    // Every call re-sends the system prompt and the task; call i also carries the scratchpad of steps < i.
    const fixed = overhead + systemTokens(conversation.tools) + counter.count(`${conversation.taskText}\n\n`);
    let scratchpad = 0;
    outputs.forEach((output, index) => {
      inputTokens += fixed + (index > 0 ? header + scratchpad : 0);
      outputTokens += output;
      const step = conversation.steps?.[index];
      if (step) scratchpad += counter.count(`${step.log}\nObservation: ${step.observation ?? ""}\nThought:`);
    });
    modelCalls += outputs.length;
  };
  return {
    add: (conversations) => conversations.forEach(addOne),
    result: () => ({
      inputTokens, outputTokens, modelCalls, untracedTasks,
      costUsd: priceUsd(price, inputTokens, outputTokens),
      tokenizer: price.tokenizer, priceSource: price.priceSource, priceAsOf: price.priceAsOf,
    }),
  };
}

/** The system prompt's tokens per distinct tool list (a handful per run). */
function memoByTools(counter: TokenCounter): (tools: readonly Tool[]) => number {
  const memo = new Map<string, number>();
  return (tools) => {
    const key = tools.map((tool) => tool.name).join(",");
    let tokens = memo.get(key);
    if (tokens === undefined) {
      tokens = counter.count(buildReactSystemPrompt(tools));
      memo.set(key, tokens);
    }
    return tokens;
  };
}

/**
 * The text of the call that ended the task, or null when no call ended it (the step or time limit did,
 * or nothing was returned). A recorded output means the agent finished, even when the harness then
 * failed on its steps (e.g. "'str' object has no attribute 'items'"). LangChain keeps only the answer of
 * a "Final Answer" blob, so the blob is rebuilt around it; an output that is itself a blob or bare JSON
 * was the model's whole unparsed reply.
 */
export function finalCallText(conversation: Pick<RecordedConversation, "finalOutput">): string | null {
  const output = conversation.finalOutput;
  if (output === null || output === ITERATION_LIMIT_MESSAGE) return null;
  const trimmed = output.trimStart();
  if (trimmed.startsWith("{") || trimmed.startsWith("```") || trimmed.startsWith("Action:")) return output;
  return `Action:\n\`\`\`\n{\n  "action": "Final Answer",\n  "action_input": ${JSON.stringify(output)}\n}\n\`\`\``;
}
