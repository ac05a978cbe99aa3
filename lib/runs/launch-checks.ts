// The launch's checks against the server's configuration: the scoring revision against the protocol,
// the endpoint, base URL and model against the endpoints file, the reasoning effort against the model.
// Each problem belongs beside its field, and all of them are answered at once, not the first only:
// launch.ts throws them together, and the server action adds them to the schema's own field errors.
import { EndpointError, loadEndpoints, resolveModelTarget, type Endpoint, type ModelTarget } from "@/lib/providers";
import type { ProviderKind } from "@/lib/providers/endpoints";
import { resolveRequestParams, UnsupportedParameterError, type ModelRequestParams } from "@/lib/workbench/agents/request-params";
import { STOP_SEQUENCE_AGENT_KINDS } from "@/lib/workbench/agents/types";
import { resolveScoringConfig, ScoringConfigError, type ScoringConfig } from "@/lib/workbench/protocols";
import { launchFieldsSchema, type LaunchRunInput } from "./launch-input";
import { MODEL_AGENTS } from "../settings/launch-options";

/** A refused choice: what is wrong, beside which input field. */
export interface LaunchProblem {
  readonly code: "scoring_config" | "endpoint" | "unsupported_parameter";
  readonly field: string;
  readonly message: string;
}

/** What the checks need: the choices of a launch input (every other field is the schema's business). */
export type LaunchChoices = Pick<LaunchRunInput, "agent" | "groundTruth" | "protocol" | "scoringRevision" | "endpoint" | "model" | "baseUrl" | "temperature" | "reasoningEffort">;

export interface CheckedChoices {
  /** null when the revision was refused. */
  readonly scoring: ScoringConfig | null;
  /** Where the model requests go; null for agents without a model, or when the endpoint was refused. */
  readonly target: ModelTarget | null;
  readonly requestParams: ModelRequestParams | null;
  readonly problems: readonly LaunchProblem[];
}

export function checkLaunchChoices(input: LaunchChoices): CheckedChoices {
  const problems: LaunchProblem[] = [];
  const refused = (problem: LaunchProblem) => (problems.push(problem), null);
  let scoring: ScoringConfig | null;
  try {
    scoring = resolveScoringConfig({ protocol: input.protocol, groundTruth: input.groundTruth, revision: input.scoringRevision });
  } catch (error) {
    if (!(error instanceof ScoringConfigError)) throw error;
    scoring = refused({ code: "scoring_config", field: "scoringRevision", message: error.message });
  }
  const endpoints = loadEndpoints();
  const target = modelTargetFor(input, endpoints, refused);
  // Checked also when the endpoint was refused (against its configured kind): every problem at once.
  const kind = target?.kind ?? (input.endpoint ? endpoints.get(input.endpoint)?.kind : undefined);
  const requestParams = kind && input.model && MODEL_AGENTS.includes(input.agent) ? requestParamsFor(input, kind, input.model, refused) : null;
  return { scoring, target, requestParams: target ? requestParams : null, problems };
}

/** Field errors in the server action's shape (the form shows each beside its input). */
export function fieldErrorsOf(problems: readonly { readonly field: string; readonly message: string }[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const { field, message } of problems) (errors[field] ??= []).push(message);
  return errors;
}

/** The fields the checks read (`provider`: the older name of `endpoint`). */
const CHOICE_FIELDS = { agent: true, groundTruth: true, protocol: true, scoringRevision: true, endpoint: true, provider: true, model: true, baseUrl: true, temperature: true, reasoningEffort: true } as const;
const choicesSchema = launchFieldsSchema.pick(CHOICE_FIELDS);

/**
 * For a form the schema refused: the same checks on the fields that did parse (the others as if left
 * empty), so the answer names every problem at once. The schema's message wins where both speak.
 */
export function choiceProblemsOf(raw: Readonly<Record<string, unknown>>): LaunchProblem[] {
  const keys = Object.keys(CHOICE_FIELDS) as (keyof typeof CHOICE_FIELDS)[];
  const valid = Object.fromEntries(keys.filter((key) => choicesSchema.shape[key].safeParse(raw[key]).success).map((key) => [key, raw[key]]));
  const choices = choicesSchema.safeParse(valid);
  if (!choices.success) return []; // no valid agent: nothing to check against
  const { provider, ...chosen } = choices.data;
  return [...checkLaunchChoices({ ...chosen, endpoint: chosen.endpoint ?? provider }).problems];
}

/**
 * Checks the endpoint choice against the server's configuration now, so a refused base URL or model is
 * a field error at launch; workers resolve it again (with the key) when they build the model.
 */
function modelTargetFor(input: LaunchChoices, endpoints: ReadonlyMap<string, Endpoint>, refused: (problem: LaunchProblem) => null): ModelTarget | null {
  if (!MODEL_AGENTS.includes(input.agent) || !input.endpoint || !input.model) return null;
  try {
    const target = resolveModelTarget({ endpoint: input.endpoint, model: input.model, baseUrl: input.baseUrl }, endpoints);
    if (target.keyEnv && !target.apiKey) throw new EndpointError("endpoint", `Endpoint ${target.endpoint} has no key: set ${target.keyEnv} on the server`);
    return target;
  } catch (error) {
    if (!(error instanceof EndpointError)) throw error;
    return refused({ code: "endpoint", field: error.field, message: error.message });
  }
}

/** What the run's model requests will carry (the worker sends exactly this); a setting the model refuses is a field error. */
function requestParamsFor(input: LaunchChoices, kind: ProviderKind, model: string, refused: (problem: LaunchProblem) => null): ModelRequestParams | null {
  try {
    const usesStopSequences = STOP_SEQUENCE_AGENT_KINDS.some((agent) => agent === input.agent);
    return resolveRequestParams({ model, kind, temperature: input.temperature, reasoningEffort: input.reasoningEffort, usesStopSequences });
  } catch (error) {
    if (!(error instanceof UnsupportedParameterError)) throw error;
    return refused({ code: "unsupported_parameter", field: error.field, message: error.message });
  }
}
