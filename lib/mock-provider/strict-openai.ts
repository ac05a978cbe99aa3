// The strict mode of the mock: checks each Chat Completions request the way OpenAI's API documents and
// answers (https://platform.openai.com/docs/guides/reasoning, "unsupported parameters"), so a test
// fails where the real API would refuse. Deliberately its own list, written from OpenAI's documentation
// and error bodies, not derived from Studio's capability table (lib/workbench/agents/model-capabilities.ts) it tests.
/** The reasoning models this fake knows, with the reasoning_effort values each accepts. */
const REASONING_MODELS: Readonly<Record<string, readonly string[]>> = {
  "gpt-5": ["minimal", "low", "medium", "high"],
  "gpt-5-mini": ["minimal", "low", "medium", "high"],
  "gpt-5-nano": ["minimal", "low", "medium", "high"],
  "gpt-5.1": ["none", "low", "medium", "high"],
  o1: ["low", "medium", "high"],
  o3: ["low", "medium", "high"],
  "o3-mini": ["low", "medium", "high"],
  "o4-mini": ["low", "medium", "high"],
};

/** Fields a reasoning model refuses outright (400 unsupported_parameter). */
const REFUSED_BY_REASONING: readonly { field: string; hint?: string }[] = [
  { field: "stop" },
  { field: "max_tokens", hint: " Use 'max_completion_tokens' instead." },
  { field: "presence_penalty" },
  { field: "frequency_penalty" },
  { field: "logit_bias" },
];

export interface Rejection {
  readonly status: number;
  readonly body: { readonly error: { readonly message: string; readonly type: string; readonly param: string; readonly code: string } };
}

function rejection(message: string, param: string, code: "unsupported_parameter" | "unsupported_value"): Rejection {
  return { status: 400, body: { error: { message, type: "invalid_request_error", param, code } } };
}

/** Why the real API would refuse this request body, or null when it would take it. */
export function strictOpenAIRejection(request: Readonly<Record<string, unknown>>): Rejection | null {
  const model = typeof request.model === "string" ? request.model : "";
  const efforts = REASONING_MODELS[model];
  if (!efforts) {
    if (request.reasoning_effort !== undefined) {
      return rejection("Unsupported parameter: 'reasoning_effort' is not supported with this model.", "reasoning_effort", "unsupported_parameter");
    }
    return null;
  }
  for (const { field, hint = "" } of REFUSED_BY_REASONING) {
    if (request[field] !== undefined && request[field] !== null) {
      return rejection(`Unsupported parameter: '${field}' is not supported with this model.${hint}`, field, "unsupported_parameter");
    }
  }
  // Sampling parameters: only the default value (1) is accepted.
  for (const field of ["temperature", "top_p"]) {
    const value = request[field];
    if (value !== undefined && value !== null && value !== 1) {
      return rejection(`Unsupported value: '${field}' does not support ${String(value)} with this model. Only the default (1) value is supported.`, field, "unsupported_value");
    }
  }
  const effort = request.reasoning_effort;
  if (effort !== undefined && (typeof effort !== "string" || !efforts.includes(effort))) {
    const supported = efforts.map((value) => `'${value}'`).join(", ");
    return rejection(`Unsupported value: 'reasoning_effort' does not support '${String(effort)}' with this model. Supported values are: ${supported}.`, "reasoning_effort", "unsupported_value");
  }
  return null;
}

/** Whether the strict fake treats `model` as a reasoning model (tests check the fake itself with it). */
export function isStrictReasoningModel(model: string): boolean {
  return model in REASONING_MODELS;
}

/**
 * A model given no stop sequence does not stop at its action: it writes on into an observation it
 * invents and the next thought, as real models do. The strict mock answers that way so an agent must
 * cut the reply itself.
 */
export const RUNAWAY_CONTINUATION = "\nObservation: (invented by the model) Done.\nThought: I know what to respond";
