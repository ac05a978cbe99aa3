// Which request parameters each model family takes, as data: one table, first matching row wins. The
// agents ask it what to send instead of branching on model names, and a run records what it resolved.
// Part of the engine (its model turn asks it what to send); launch, the CLI and the form import it from here.

/** The model APIs the agents speak: what an endpoint (lib/providers/endpoints.ts) is configured as. */
export const PROVIDER_KINDS = ["openai", "anthropic", "openai-compatible", "mock"] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

export const REASONING_EFFORTS = ["none", "minimal", "low", "medium", "high", "xhigh"] as const;
export type ReasoningEffort = (typeof REASONING_EFFORTS)[number];

/**
 * When a temperature may be sent: always, never, only while the model does not reason (no effort or
 * "none": Anthropic's extended thinking refuses a temperature), or only with the effort "none" sent
 * explicitly (what the OpenAI SDK keeps for GPT-5.1 and later; it drops the temperature otherwise).
 */
export type TemperatureSupport = "always" | "never" | "without-reasoning" | "with-effort-none";

export interface ModelCapabilities {
  /** Server-side stop sequences; without them the agent cuts the reply itself. */
  readonly stop: boolean;
  readonly temperature: TemperatureSupport;
  /** The request field that limits output tokens (OpenAI reasoning models refuse `max_tokens`). */
  readonly maxTokensField: "max_tokens" | "max_completion_tokens";
  readonly parallelToolCalls: boolean;
  /** Reasoning effort levels the API takes; empty = none may be set. */
  readonly reasoningEfforts: readonly ReasoningEffort[];
}

interface CapabilityRow {
  /** A name for the family, recorded with each run. */
  readonly family: string;
  /**
   * Provider kinds the row applies to (matched only when the kind is known); absent = any: a family
   * behaves alike behind any gateway.
   */
  readonly kinds?: readonly ProviderKind[];
  /** Matched against the model id, lower-cased, without a "vendor/" prefix. */
  readonly model: RegExp;
  readonly capabilities: ModelCapabilities;
}

const FULL: ModelCapabilities = { stop: true, temperature: "always", maxTokensField: "max_tokens", parallelToolCalls: true, reasoningEfforts: [] };
const OPENAI_REASONING: ModelCapabilities = { stop: false, temperature: "never", maxTokensField: "max_completion_tokens", parallelToolCalls: true, reasoningEfforts: ["low", "medium", "high"] };
const CLAUDE_THINKING: ModelCapabilities = { ...FULL, temperature: "without-reasoning", reasoningEfforts: ["low", "medium", "high"] };

const GPT_5_4 = /^gpt-5\.4(-\d{4}-\d{2}-\d{2})?$/;
const GPT_5_2_EFFORTS: readonly ReasoningEffort[] = ["none", "low", "medium", "high", "xhigh"];

/**
 * Seeded from upstream WorkBench 2026's MODEL_REGISTRY (src/evals/agent.py, f7bed57), whose
 * `supports_temperature=False` models get no temperature: gpt-5.5, gpt-5.4-mini, gpt-5.4-nano, gpt-5.3,
 * gpt-5.2, gpt-5.1, gpt-5, gpt-5-nano, o3, o1, claude-opus-4 to 4.8 and claude-fable-5. This table is
 * the only list: the 2026 harness sends a temperature exactly where it says so, as agent.py
 * `if route.supports_temperature` does (model-capabilities.test.ts checks every registry entry). The rest follows the vendors'
 * documentation: OpenAI's reasoning models (o-series, GPT-5) refuse `stop`, sampling parameters and
 * `max_tokens` in Chat Completions; their effort levels per generation; Claude's extended thinking.
 */
export const CAPABILITY_TABLE: readonly CapabilityRow[] = [
  // GPT-5 chat variants are not reasoning models.
  { family: "openai-gpt-5-chat", model: /^gpt-5(\.\d+)?-chat/, capabilities: FULL },
  // Upstream sends gpt-5.4 a temperature: the API takes one while the effort is none, its default. The
  // OpenAI SDK keeps it only when the effort "none" is sent explicitly; other clients send it as asked.
  { family: "openai-gpt-5.4", kinds: ["openai"], model: GPT_5_4, capabilities: { ...OPENAI_REASONING, temperature: "with-effort-none", reasoningEfforts: GPT_5_2_EFFORTS } },
  { family: "gpt-5.4", model: GPT_5_4, capabilities: { ...OPENAI_REASONING, temperature: "without-reasoning", reasoningEfforts: GPT_5_2_EFFORTS } },
  { family: "openai-gpt-5.2+", model: /^gpt-5\.[2-9]/, capabilities: { ...OPENAI_REASONING, reasoningEfforts: GPT_5_2_EFFORTS } },
  { family: "openai-gpt-5.1", model: /^gpt-5\.1/, capabilities: { ...OPENAI_REASONING, reasoningEfforts: ["none", "low", "medium", "high"] } },
  { family: "openai-gpt-5", model: /^gpt-5(-|$)/, capabilities: { ...OPENAI_REASONING, reasoningEfforts: ["minimal", "low", "medium", "high"] } },
  // o1-mini and o1-preview predate reasoning_effort.
  { family: "openai-o1-early", model: /^o1-(mini|preview)/, capabilities: { ...OPENAI_REASONING, reasoningEfforts: [] } },
  { family: "openai-o-series", model: /^o\d+(-|$)/, capabilities: OPENAI_REASONING },
  { family: "openai-gpt", model: /^(gpt-4|gpt-3\.5|chatgpt-)/, capabilities: FULL },
  { family: "claude-opus-4", model: /^claude-opus-4/, capabilities: { ...CLAUDE_THINKING, temperature: "never" } },
  // Registered without a temperature next to the Opus models (f7bed57); Anthropic documents no more of it.
  { family: "claude-fable-5", model: /^claude-fable-5/, capabilities: { ...CLAUDE_THINKING, temperature: "never" } },
  { family: "claude-thinking", model: /^claude-(sonnet-4|haiku-4|3-7-sonnet|sonnet-3-7|opus-[5-9]|sonnet-[5-9]|haiku-[5-9])/, capabilities: CLAUDE_THINKING },
  { family: "claude", model: /^claude-/, capabilities: FULL },
  // Gemini's OpenAI-compatible endpoint maps reasoning_effort onto its thinking budget.
  { family: "gemini-thinking", model: /^gemini-(2\.5|[3-9])/, capabilities: { ...FULL, reasoningEfforts: ["low", "medium", "high"] } },
  { family: "gemini", model: /^gemini-/, capabilities: FULL },
  // A model the table does not know: everything is sent as asked and the server decides.
  { family: "unknown", model: /./, capabilities: { ...FULL, reasoningEfforts: REASONING_EFFORTS } },
];

/** The id as the table matches it: lower case, no "openai/"-style gateway prefix. */
export function familyKey(modelId: string): string {
  const lower = modelId.trim().toLowerCase();
  return lower.slice(lower.lastIndexOf("/") + 1);
}

export function capabilitiesOf(modelId: string, kind?: ProviderKind): { readonly family: string; readonly capabilities: ModelCapabilities } {
  const key = familyKey(modelId);
  const row = CAPABILITY_TABLE.find((candidate) => (!candidate.kinds || (kind !== undefined && candidate.kinds.includes(kind))) && candidate.model.test(key));
  // The last row matches every non-empty id; an empty one gets it too.
  const { family, capabilities } = row ?? CAPABILITY_TABLE[CAPABILITY_TABLE.length - 1]!;
  return { family, capabilities };
}
