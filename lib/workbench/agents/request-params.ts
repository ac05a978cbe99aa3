// What a run's model requests carry, resolved once from the capability table and the run's settings.
// The worker sends exactly this and the run records it (params.request), so a run says what it used.
import { z } from "zod";
import { CodedError } from "../core/errors";
import { capabilitiesOf, REASONING_EFFORTS, type ProviderKind, type ReasoningEffort } from "./model-capabilities";

/** The settings a user chose; the table decides which of them can be sent. */
export interface RequestSettings {
  readonly model: string;
  readonly kind?: ProviderKind;
  readonly temperature: number;
  readonly reasoningEffort?: ReasoningEffort | null;
  /** False for agents that never send a stop sequence (native tool calling): recorded as "none". */
  readonly usesStopSequences?: boolean;
}

/** The parameters the requests actually carry. `null`: not sent (the provider's default applies). */
export const ModelRequestParamsSchema = z.object({
  /** The capability table's family the model matched. */
  family: z.string(),
  temperature: z.number().nullable(),
  /** "server": sent as `stop`; "client": the agent cuts the reply at the sequence itself; "none": the agent has none. */
  stopSequences: z.enum(["server", "client", "none"]),
  reasoningEffort: z.enum(REASONING_EFFORTS).nullable(),
  /** Not set by Studio's agents: the provider's default (the Anthropic SDK sends the model's limit). */
  maxOutputTokens: z.null(),
  maxTokensField: z.enum(["max_tokens", "max_completion_tokens"]),
  /** Not set: the provider's default (parallel calls allowed where supported). */
  parallelToolCalls: z.null(),
});
export type ModelRequestParams = z.infer<typeof ModelRequestParamsSchema>;

/** A setting the model's API does not take; `field` is the launch form's field. */
export class UnsupportedParameterError extends CodedError<"unsupported_parameter"> {
  override readonly name = "UnsupportedParameterError";
  constructor(
    readonly field: "reasoningEffort",
    message: string,
  ) {
    super("unsupported_parameter", message);
  }
}

export function resolveRequestParams(settings: RequestSettings): ModelRequestParams {
  const { family, capabilities } = capabilitiesOf(settings.model, settings.kind);
  const effort = settings.reasoningEffort ?? null;
  if (effort !== null && !capabilities.reasoningEfforts.includes(effort)) {
    const allowed = capabilities.reasoningEfforts.length > 0 ? `it takes ${capabilities.reasoningEfforts.join(", ")}` : "it takes no reasoning effort";
    throw new UnsupportedParameterError("reasoningEffort", `Reasoning effort "${effort}" is not supported by ${settings.model} (${family}): ${allowed}`);
  }
  const reasoning = effort !== null && effort !== "none";
  const sendsTemperature =
    capabilities.temperature === "always" ||
    (capabilities.temperature === "without-reasoning" && !reasoning) ||
    (capabilities.temperature === "with-effort-none" && effort === "none");
  return {
    family,
    temperature: sendsTemperature ? settings.temperature : null,
    stopSequences: settings.usesStopSequences === false ? "none" : capabilities.stop ? "server" : "client",
    reasoningEffort: effort,
    maxOutputTokens: null,
    maxTokensField: capabilities.maxTokensField,
    parallelToolCalls: null,
  };
}
