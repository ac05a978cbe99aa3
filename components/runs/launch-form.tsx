"use client";

import { useActionState, useState } from "react";
import { launchRunAction, type LaunchRunState } from "@/app/runs/actions";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { AGENT_KINDS } from "@/lib/workbench/agents/types";
import { DOMAINS, GROUND_TRUTH_VERSIONS } from "@/lib/workbench/datasets/types";
import { MAX_CONCURRENCY, MODEL_AGENTS, PROVIDERS, TOOL_SETS } from "@/lib/runs/launch-input";
import { FormField, inputClasses } from "./form-field";

type FieldErrors = Partial<Record<string, string[]>>;

/** What the form keeps between submissions: the server's verdict plus what the user typed. */
interface LaunchFormState {
  readonly fieldErrors: FieldErrors;
  readonly message: string | null;
  readonly values: Record<string, string>;
  readonly domains: readonly string[];
}

const initialState: LaunchFormState = { fieldErrors: {}, message: null, values: {}, domains: [] };

const agentHelp: Record<string, string> = {
  react: "ReAct loop (the paper's agent) over a model",
  tools: "Native tool calling over a model",
  oracle: "Runs the ground-truth calls (scores 100 %)",
  noop: "Does nothing (scores the no-action share)",
  replay: "Replays recorded calls",
};

function readErrors(result: LaunchRunState): { fieldErrors: FieldErrors; message: string | null } {
  switch (result.status) {
    case "invalid":
      return { fieldErrors: result.fieldErrors, message: null };
    case "error":
      return { fieldErrors: {}, message: result.message };
    case "idle":
      return { fieldErrors: {}, message: null };
  }
}

async function submit(_previous: LaunchFormState, form: FormData): Promise<LaunchFormState> {
  // On success the action redirects to the run page and this never returns.
  const result = await launchRunAction(undefined, form);
  const values: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === "string" && key !== "domains") values[key] = value;
  const domains = form.getAll("domains").filter((value): value is string => typeof value === "string");
  return { ...readErrors(result), values, domains };
}

export function LaunchForm() {
  const [state, formAction, pending] = useActionState(submit, initialState);
  const [agent, setAgent] = useState(state.values.agent ?? "react");
  const needsModel = MODEL_AGENTS.includes(agent);
  const errors = (name: string) => state.fieldErrors[name];
  const value = (name: string, fallback = "") => state.values[name] ?? fallback;
  const invalid = (name: string) => (errors(name) ? true : undefined);
  // Remount the inputs with the submitted values after each answer (React resets forms after actions).
  const formKey = JSON.stringify(state.values);

  return (
    <form action={formAction} key={formKey} noValidate className="space-y-6" data-testid="launch-form">
      {state.message ? (
        <p className="rounded-lg bg-bad-soft px-4 py-2 text-sm text-bad" role="alert" data-testid="launch-error">
          {state.message}
        </p>
      ) : null}
      <Card>
        <CardHeader title="Agent" description="What acts on the sandbox." />
        <CardBody className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <FormField name="agent" label="Agent" errors={errors("agent")} hint={agentHelp[agent]}>
            <select id="agent" name="agent" className={inputClasses} defaultValue={agent} onChange={(event) => setAgent(event.target.value)} aria-invalid={invalid("agent")}>
              {AGENT_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {kind}
                </option>
              ))}
            </select>
          </FormField>
          <FormField name="provider" label="Provider" errors={errors("provider")} hint={needsModel ? "API keys come from the server's environment" : "Not used by this agent"}>
            <select id="provider" name="provider" className={inputClasses} defaultValue={value("provider")} disabled={!needsModel} aria-invalid={invalid("provider")}>
              <option value="">—</option>
              {PROVIDERS.map((provider) => (
                <option key={provider} value={provider}>
                  {provider}
                </option>
              ))}
            </select>
          </FormField>
          <FormField name="model" label="Model id" errors={errors("model")}>
            <input id="model" name="model" className={inputClasses} defaultValue={value("model")} placeholder="gpt-4o-mini" disabled={!needsModel} aria-invalid={invalid("model")} />
          </FormField>
          <FormField name="baseUrl" label="Base URL" errors={errors("baseUrl")} hint="openai-compatible and mock only">
            <input id="baseUrl" name="baseUrl" className={inputClasses} defaultValue={value("baseUrl")} placeholder="http://127.0.0.1:11434/v1" disabled={!needsModel} aria-invalid={invalid("baseUrl")} />
          </FormField>
        </CardBody>
      </Card>

      <Card>
        <CardHeader title="Tasks" description="Which ground truth, tools and tasks." />
        <CardBody className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <FormField name="groundTruth" label="Ground truth" errors={errors("groundTruth")}>
            <select id="groundTruth" name="groundTruth" className={inputClasses} defaultValue={value("groundTruth", "v1")}>
              {GROUND_TRUTH_VERSIONS.map((version) => (
                <option key={version} value={version}>
                  {version}
                </option>
              ))}
            </select>
          </FormField>
          <FormField name="toolSet" label="Tool set" errors={errors("toolSet")} hint="all: every tool; domains: the task's toolkits">
            <select id="toolSet" name="toolSet" className={inputClasses} defaultValue={value("toolSet", "all")}>
              {TOOL_SETS.map((toolSet) => (
                <option key={toolSet} value={toolSet}>
                  {toolSet}
                </option>
              ))}
            </select>
          </FormField>
          <FormField name="limit" label="Limit" errors={errors("limit")} hint="First N tasks (empty: all 690)">
            <input id="limit" name="limit" type="number" min={1} className={inputClasses} defaultValue={value("limit")} aria-invalid={invalid("limit")} />
          </FormField>
          <FormField name="name" label="Run name" errors={errors("name")} hint="Optional">
            <input id="name" name="name" className={inputClasses} defaultValue={value("name")} aria-invalid={invalid("name")} />
          </FormField>
          <fieldset className="sm:col-span-2 lg:col-span-4" data-testid="field-domains">
            <legend className="mb-1 text-xs font-medium text-ink">Domains (none checked: all)</legend>
            <div className="flex flex-wrap gap-x-5 gap-y-2">
              {DOMAINS.map((domain) => (
                <label key={domain} className="flex items-center gap-1.5 text-sm text-ink">
                  <input type="checkbox" name="domains" value={domain} defaultChecked={state.domains.includes(domain)} className="accent-accent" />
                  {domain}
                </label>
              ))}
            </div>
            {errors("domains") ? (
              <p className="mt-1 text-xs text-bad" data-testid="field-error-domains">
                {errors("domains")?.join(" ")}
              </p>
            ) : null}
          </fieldset>
        </CardBody>
      </Card>

      <Card>
        <CardHeader title="Execution" description="Repetitions, parallelism and sampling." />
        <CardBody className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          <NumberField name="trials" label="Trials (k)" fallback="1" hint="Runs per task" state={state} />
          <NumberField name="concurrency" label="Concurrency" fallback="4" hint={`1–${MAX_CONCURRENCY} tasks at once`} state={state} />
          <NumberField name="temperature" label="Temperature" fallback="0" step="0.1" state={state} />
          <NumberField name="maxSteps" label="Max steps" fallback="20" hint="Paper: 20" state={state} />
          <NumberField name="timeoutMs" label="Timeout (ms)" fallback="120000" hint="Per task; paper: 120 s" state={state} />
        </CardBody>
      </Card>

      <div className="flex justify-end">
        <Button type="submit" disabled={pending} data-testid="launch-submit">
          {pending ? "Launching…" : "Launch run"}
        </Button>
      </div>
    </form>
  );
}

function NumberField({
  name,
  label,
  fallback,
  hint,
  step,
  state,
}: {
  name: string;
  label: string;
  fallback: string;
  hint?: string;
  step?: string;
  state: LaunchFormState;
}) {
  const errors = state.fieldErrors[name];
  return (
    <FormField name={name} label={label} errors={errors} hint={hint}>
      <input id={name} name={name} type="number" step={step} className={inputClasses} defaultValue={state.values[name] ?? fallback} aria-invalid={errors ? true : undefined} />
    </FormField>
  );
}
