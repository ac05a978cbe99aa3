"use client";
// The launch form's model fields: endpoint, model id (or an external agent's label and mode) and base
// URL. A field the chosen agent or endpoint does not use is disabled and says why. On a mock endpoint
// the model field offers the scripted model's behaviours, from the mock's own list.
import { EXTERNAL_MODES, MODEL_AGENTS } from "@/lib/settings/launch-options";
import type { EndpointSummary } from "@/lib/providers/endpoints";
import { MOCK_BEHAVIOURS, MOCK_BEHAVIOUR_SUMMARIES } from "@/lib/mock-provider/types";
import { FormField, inputClasses } from "./form-field";

/** The reason beside a field the chosen agent does not use. */
export const NOT_USED_BY_AGENT = "Not used by this agent";

type Errors = (name: string) => readonly string[] | undefined;

/** What an endpoint offers, said in its option: whether its key is configured, whether a URL may be typed. */
function endpointLabel(endpoint: EndpointSummary): string {
  if (endpoint.keyed) return `${endpoint.name} — ${endpoint.kind}, ${endpoint.hasKey ? "key configured" : "no key configured"}`;
  if (endpoint.inProcess) return `${endpoint.name} — scripted model in Studio, keyless, nothing to start`;
  return `${endpoint.name} — ${endpoint.kind}, keyless${endpoint.allowUserBaseUrl ? ", base URL from this form" : ""}`;
}

/** The model ids an endpoint answers to, when it says: the scripted behaviours, or its allow-list. */
function knownModels(endpoint: EndpointSummary | undefined): readonly { id: string; note?: string }[] {
  if (endpoint?.kind === "mock") return MOCK_BEHAVIOURS.map((id) => ({ id, note: MOCK_BEHAVIOUR_SUMMARIES[id] }));
  return (endpoint?.models ?? []).map((id) => ({ id }));
}

function modelHint(agent: string, endpoint: EndpointSummary | undefined) {
  if (agent === "external") return "Optional: names your agent in lists";
  if (!MODEL_AGENTS.includes(agent)) return NOT_USED_BY_AGENT;
  if (endpoint?.kind === "mock") {
    return (
      <span data-testid="mock-behaviours">
        The scripted model answers to {MOCK_BEHAVIOURS.join(", ")}: the name picks its behaviour
      </span>
    );
  }
  return endpoint?.models ? `This endpoint allows: ${endpoint.models.join(", ")}` : undefined;
}

function baseUrlHint(agent: string, endpoint: EndpointSummary | undefined): string {
  if (!MODEL_AGENTS.includes(agent)) return NOT_USED_BY_AGENT;
  if (!endpoint?.allowUserBaseUrl) return endpoint ? `${endpoint.name} sends requests only to its configured URL` : "Only keyless endpoints take a URL";
  if (endpoint.inProcess) return "Empty: Studio answers itself, no server to start. Or a mock server's URL (npx tsx scripts/mock-provider.ts)";
  return `Keyless: never sent a key${endpoint.baseUrl ? ` (empty: ${endpoint.baseUrl})` : ""}`;
}

export function ModelFields({
  agent,
  endpoints,
  endpointName,
  onEndpointChange,
  values,
  errors,
}: {
  agent: string;
  endpoints: readonly EndpointSummary[];
  endpointName: string;
  onEndpointChange: (name: string) => void;
  values: Record<string, string>;
  errors: Errors;
}) {
  const endpoint = endpoints.find((candidate) => candidate.name === endpointName);
  const needsModel = MODEL_AGENTS.includes(agent);
  const external = agent === "external";
  const takesUrl = needsModel && Boolean(endpoint?.allowUserBaseUrl);
  const invalid = (name: string) => (errors(name) ? true : undefined);
  const models = needsModel ? knownModels(endpoint) : [];
  return (
    <>
      <FormField name="endpoint" label="Endpoint" errors={errors("endpoint")} hint={needsModel ? "Configured on the server, with its URL and key" : NOT_USED_BY_AGENT}>
        <select id="endpoint" name="endpoint" className={inputClasses} defaultValue={endpointName} onChange={(event) => onEndpointChange(event.target.value)} disabled={!needsModel} aria-invalid={invalid("endpoint")}>
          <option value="">—</option>
          {endpoints.map((option) => (
            <option key={option.name} value={option.name} data-has-key={option.hasKey}>
              {endpointLabel(option)}
            </option>
          ))}
        </select>
      </FormField>
      <FormField name="model" label={external ? "Agent label" : "Model id"} errors={errors("model")} hint={modelHint(agent, endpoint)}>
        <input
          id="model"
          name="model"
          className={inputClasses}
          defaultValue={values.model ?? ""}
          placeholder={external ? "my-agent v2" : (models[0]?.id ?? "gpt-4o-mini")}
          list={models.length > 0 ? "model-options" : undefined}
          disabled={!needsModel && !external}
          aria-invalid={invalid("model")}
        />
        {models.length > 0 ? (
          <datalist id="model-options">
            {models.map((model) => (
              <option key={model.id} value={model.id} label={model.note} />
            ))}
          </datalist>
        ) : null}
      </FormField>
      {external ? (
        <FormField name="externalMode" label="Mode" errors={errors("externalMode")} hint="pull: agents claim tasks · push: Studio calls the server's WORKBENCH_AGENT_URL">
          <select id="externalMode" name="externalMode" className={inputClasses} defaultValue={values.externalMode ?? "pull"}>
            {EXTERNAL_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {mode}
              </option>
            ))}
          </select>
        </FormField>
      ) : null}
      <FormField name="baseUrl" label="Base URL" errors={errors("baseUrl")} hint={baseUrlHint(agent, endpoint)}>
        <input
          id="baseUrl"
          name="baseUrl"
          className={inputClasses}
          defaultValue={values.baseUrl ?? ""}
          placeholder={endpoint?.inProcess ? "empty: in Studio" : (endpoint?.baseUrl ?? "http://127.0.0.1:11434/v1")}
          disabled={!takesUrl}
          aria-invalid={invalid("baseUrl")}
        />
      </FormField>
    </>
  );
}
