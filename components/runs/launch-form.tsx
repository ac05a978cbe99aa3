"use client";

import Link from "next/link";
import { unstable_rethrow } from "next/navigation";
import { useActionState, useRef, useState } from "react";
import { launchRunAction, type LaunchRunState } from "@/app/runs/actions";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { DOMAINS } from "@/lib/workbench/datasets/types";
import { DEFAULT_FAULT_SHARES } from "@/lib/workbench/tools/faults";
import { defaultTimeLimitMs, MAX_CONCURRENCY, MAX_FORM_FIELD_CHARS, MODEL_AGENTS, PHRASING_CHOICES, RUN_AGENT_KINDS, RUN_SETTINGS_DEFAULTS, TOOL_SETS } from "@/lib/settings/launch-options";
import type { EndpointSummary } from "@/lib/providers/endpoints";
import { REASONING_EFFORTS } from "@/lib/workbench/agents/model-capabilities";
import { ExternalLaunched } from "./external-launched";
import { FormErrorSummary } from "./form-error-summary";
import { DatasetSelect, FormField, inputClasses } from "./form-field";
import { ModelFields, NOT_USED_BY_AGENT } from "./launch-model-fields";
import { Harness2026Fields, ScoringFields, type ProtocolOption } from "./launch-protocol-fields";
import { signInHref, SignInNotice, useFocusFirstError } from "./launch-sign-in-notice";

type FieldErrors = Partial<Record<string, string[]>>;

/** What the form keeps between submissions: the server's verdict plus what the user typed. */
interface LaunchFormState {
  readonly fieldErrors: FieldErrors;
  readonly message: string | null;
  readonly values: Record<string, string>;
  readonly domains: readonly string[];
  readonly external?: { readonly runId: string; readonly agentToken: string };
}

const initialState: LaunchFormState = { fieldErrors: {}, message: null, values: {}, domains: [] };

/** One line per agent kind: the compiler asks for a new kind's line. */
const agentHelp: Record<(typeof RUN_AGENT_KINDS)[number], string> = {
  react: "ReAct loop (the paper's agent) over a model",
  tools: "Native tool calling over a model",
  "workbench-2026": "WorkBench Revisited 2026 harness over a model",
  oracle: "Runs the ground-truth calls (scores 100 %)",
  "oracle-retry": "Runs the ground-truth calls, retrying blindly on service errors (a reference under faults)",
  noop: "Does nothing (scores the no-action share)",
  replay: "Replays recorded calls",
  external: "Your own agent, over MCP (the token is shown after launch)",
};

function readErrors(result: LaunchRunState): { fieldErrors: FieldErrors; message: string | null } {
  switch (result.status) {
    case "invalid":
      return { fieldErrors: result.fieldErrors, message: null };
    case "error":
      return { fieldErrors: {}, message: result.message };
    case "idle":
    case "external":
      return { fieldErrors: {}, message: null };
  }
}

/** Fields too long to send: answered here, so a pasted megabyte is a field error and not a failed request. */
function oversizeFields(form: FormData): FieldErrors {
  const errors: FieldErrors = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === "string" && value.length > MAX_FORM_FIELD_CHARS) errors[key] = [`Too long: at most ${MAX_FORM_FIELD_CHARS.toLocaleString("en")} characters`];
  }
  return errors;
}

async function submit(_previous: LaunchFormState, form: FormData): Promise<LaunchFormState> {
  const values: Record<string, string> = {};
  // An oversize value is not put back into the input (it is what the user must shorten).
  for (const [key, value] of form.entries()) if (typeof value === "string" && key !== "domains") values[key] = value.slice(0, MAX_FORM_FIELD_CHARS);
  const domains = form.getAll("domains").filter((value): value is string => typeof value === "string");
  const oversize = oversizeFields(form);
  if (Object.keys(oversize).length > 0) return { fieldErrors: oversize, message: null, values, domains };
  try {
    // On success the action redirects to the run page and this never returns.
    const result = await launchRunAction(undefined, form);
    const external = result.status === "external" ? { runId: result.runId, agentToken: result.agentToken } : undefined;
    return { ...readErrors(result), values, domains, external };
  } catch (error) {
    unstable_rethrow(error); // Next signals the redirect by throwing: it must propagate
    return { fieldErrors: {}, message: "The server did not accept the form; nothing was launched. Check the values and try again.", values, domains };
  }
}

/** A dataset the run can use: the official one and any generated ones. */
export type LaunchDatasetOption = { slug: string; label: string };

export function LaunchForm({
  endpoints,
  datasets = [],
  protocols,
  signInRequired = false,
}: {
  endpoints: readonly EndpointSummary[];
  datasets?: readonly LaunchDatasetOption[];
  protocols: readonly ProtocolOption[];
  /** Sign-in is configured and this user has no session: launching would be refused. */
  signInRequired?: boolean;
}) {
  const [state, formAction, pending] = useActionState(submit, initialState);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, state);
  const [agent, setAgent] = useState(state.values.agent ?? "react");
  const [endpointName, setEndpointName] = useState(state.values.endpoint ?? "");
  const [estimate, setEstimate] = useState(state.values.estimate === "true");
  const needsModel = MODEL_AGENTS.includes(agent);
  const errors = (name: string) => state.fieldErrors[name];
  const value = (name: string, fallback = "") => state.values[name] ?? fallback;
  const invalid = (name: string) => (errors(name) ? true : undefined);
  // Remount the inputs with the submitted values after each answer (React resets forms after actions).
  const formKey = JSON.stringify(state.values);

  if (state.external) return <ExternalLaunched runId={state.external.runId} agentToken={state.external.agentToken} />;
  return (
    <form action={formAction} key={formKey} ref={formRef} noValidate className="space-y-6" data-testid="launch-form">
      {signInRequired && !state.message ? <SignInNotice returnTo="/runs/new" /> : null}
      {state.message ? (
        <div className="rounded-lg bg-bad-soft px-4 py-2 text-sm text-bad" role="alert" tabIndex={-1} data-form-error>
          <span data-testid="launch-error">{state.message}</span>
          {signInRequired ? (
            <Link href={signInHref("/runs/new")} className="ml-2 font-medium text-accent underline" data-testid="launch-error-sign-in">
              Sign in and come back to this form
            </Link>
          ) : null}
        </div>
      ) : null}
      <FormErrorSummary fieldErrors={state.fieldErrors} what="launched" />
      <Card>
        <CardHeader title="Agent" description="What acts on the sandbox." />
        <CardBody className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <FormField name="agent" label="Agent" errors={errors("agent")} hint={agentHelp[agent as keyof typeof agentHelp]}>
            <select id="agent" name="agent" className={inputClasses} defaultValue={agent} onChange={(event) => setAgent(event.target.value)} aria-invalid={invalid("agent")}>
              {RUN_AGENT_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {kind}
                </option>
              ))}
            </select>
          </FormField>
          <ModelFields agent={agent} endpoints={endpoints} endpointName={endpointName} onEndpointChange={setEndpointName} values={state.values} errors={errors} />
          {/* Options of one agent appear only for it. */}
          {agent === "workbench-2026" ? <Harness2026Fields values={state.values} errors={errors} /> : null}
        </CardBody>
      </Card>

      <Card>
        <CardHeader title="Tasks" description="Which ground truth, tools and tasks." />
        <CardBody className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <DatasetSelect datasets={datasets} defaultValue={state.values.dataset} errors={errors("dataset")} hint="Runs compare only with runs on the same dataset" />
          <ScoringFields protocols={protocols} values={state.values} errors={errors} />
          <FormField name="toolSet" label="Tool set" errors={errors("toolSet")} hint="all: every tool; domains: the task's toolkits">
            <select id="toolSet" name="toolSet" className={inputClasses} defaultValue={value("toolSet", "all")}>
              {TOOL_SETS.map((toolSet) => (
                <option key={toolSet} value={toolSet}>
                  {toolSet}
                </option>
              ))}
            </select>
          </FormField>
          <FormField name="limit" label="Limit" errors={errors("limit")} hint="N tasks, sampled as chosen below (empty: all of the dataset’s tasks)">
            <input id="limit" name="limit" type="number" min={1} className={inputClasses} defaultValue={value("limit")} aria-invalid={invalid("limit")} />
          </FormField>
          <FormField name="sample" label="Sample" errors={errors("sample")} hint="stratified: each domain's share, spread over templates">
            <select id="sample" name="sample" className={inputClasses} defaultValue={value("sample", "stratified")}>
              <option value="stratified">stratified (seeded)</option>
              <option value="first">first N</option>
            </select>
          </FormField>
          <FormField name="phrasing" label="Phrasing" errors={errors("phrasing")} hint="Each task as written, or its template's other wordings (same ground truth); all: one run per phrasing, on the same tasks">
            <select id="phrasing" name="phrasing" className={inputClasses} defaultValue={value("phrasing", RUN_SETTINGS_DEFAULTS.phrasing)} aria-invalid={invalid("phrasing")}>
              {PHRASING_CHOICES.map((phrasing) => (
                <option key={phrasing} value={phrasing}>
                  {phrasing === "all" ? "all three (one run each)" : phrasing}
                </option>
              ))}
            </select>
          </FormField>
          <FormField name="seed" label="Seed" errors={errors("seed")} hint="Optional; orders the queue (domains interleaved) and draws the sample; stored on the run">
            <input id="seed" name="seed" type="number" min={0} className={inputClasses} defaultValue={value("seed")} aria-invalid={invalid("seed")} />
          </FormField>
          <FormField
            name="estimate"
            label="Estimated run"
            errors={errors("estimate")}
            hint="The tasks chosen by the item bank (one at a time, adapting to the answers, at concurrency 1); the full-benchmark accuracy estimated with a 95 % interval; never ranked until the rest is run"
          >
            <label className="flex h-9 items-center gap-1.5 text-sm text-ink">
              <input id="estimate" type="checkbox" name="estimate" value="true" checked={estimate} onChange={(event) => setEstimate(event.target.checked)} className="accent-accent" data-testid="launch-estimate" />
              estimate from a subset
            </label>
          </FormField>
          <FormField name="estimateTasks" label="Estimate: tasks" errors={errors("estimateTasks")} hint={estimate ? "How many tasks the estimate runs (default 100, a seventh)" : "Only for an estimated run"}>
            <input id="estimateTasks" name="estimateTasks" type="number" min={1} className={inputClasses} defaultValue={value("estimateTasks", "100")} disabled={!estimate} aria-invalid={invalid("estimateTasks")} />
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
          <NumberField name="trials" label="Trials (k)" fallback={String(RUN_SETTINGS_DEFAULTS.trials)} hint="Runs per task" state={state} />
          <NumberField name="concurrency" label="Concurrency" fallback={String(RUN_SETTINGS_DEFAULTS.concurrency)} hint={`1–${MAX_CONCURRENCY} tasks at once`} state={state} />
          <NumberField name="temperature" label="Temperature" fallback={String(RUN_SETTINGS_DEFAULTS.temperature)} step="0.1" disabled={!needsModel} state={state} />
          <FormField name="reasoningEffort" label="Reasoning effort" errors={errors("reasoningEffort")} hint={needsModel ? "Models that reason; checked against the model at launch" : NOT_USED_BY_AGENT}>
            <select id="reasoningEffort" name="reasoningEffort" className={inputClasses} defaultValue={value("reasoningEffort")} disabled={!needsModel} aria-invalid={invalid("reasoningEffort")}>
              <option value="">provider default</option>
              {REASONING_EFFORTS.map((effort) => (
                <option key={effort} value={effort}>
                  {effort}
                </option>
              ))}
            </select>
          </FormField>
          <NumberField name="maxSteps" label="Max steps" fallback={String(RUN_SETTINGS_DEFAULTS.maxSteps)} hint={`Agent turns per task; default ${RUN_SETTINGS_DEFAULTS.maxSteps} (the paper's)`} disabled={!needsModel} state={state} />
          {/* Empty by default: each agent's own default applies at launch (launch-input.ts withTimingDefaults). */}
          <NumberField name="timeoutMs" label="Timeout (ms)" fallback="" hint={timeoutHint(agent)} state={state} />
          {/* Opt-in (docs/reliability-profile.md, Predictability); unchecked or disabled, the field is not sent and the run is as without it. */}
          <div className="sm:col-span-2 lg:col-span-5" data-testid="field-askConfidence">
            <label className="flex items-center gap-2 text-sm text-ink">
              <input id="askConfidence" type="checkbox" name="askConfidence" value="on" defaultChecked={value("askConfidence") === "on"} disabled={!needsModel} aria-invalid={invalid("askConfidence")} className="accent-accent" />
              Ask for confidence
            </label>
            <p className="mt-1 text-xs text-muted">
              {needsModel ? "After each final answer, one extra turn asks the model how sure it is (0 to 1): Brier score and AUROC. Its tokens count; the verdict does not change." : NOT_USED_BY_AGENT}
            </p>
            {errors("askConfidence") ? <p className="mt-1 text-xs text-bad" data-testid="field-error-askConfidence">{errors("askConfidence")?.join(" ")}</p> : null}
          </div>
        </CardBody>
      </Card>

      <Card>
        <CardHeader title="Injected faults" description="Tool calls fail on purpose, on a seeded schedule every agent meets alike (docs/robustness.md). A grid of rates: Launch a sweep." />
        <CardBody className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          <NumberField name="faultRate" label="Fault rate" fallback={String(RUN_SETTINGS_DEFAULTS.faultRate)} step="0.05" hint="0 to 0.5 of tool calls; 0: a clean run" state={state} />
          <NumberField name="faultSeed" label="Fault seed" fallback={String(RUN_SETTINGS_DEFAULTS.faultSeed)} hint="The same seed gives every agent the same faults" state={state} />
          <NumberField name="faultShareTransient" label="Share: service unavailable" fallback={String(DEFAULT_FAULT_SHARES.transient)} step="any" hint="Weight of the 503 before the call runs (reads and writes)" errorField="faultShares" state={state} />
          <NumberField name="faultShareAmbiguous" label="Share: timeout after a write" fallback={String(DEFAULT_FAULT_SHARES.ambiguous)} step="any" hint="Weight among faulted writes: the write is applied, the answer times out" state={state} />
          <NumberField name="faultShareMalformed" label="Share: cut answer" fallback={String(DEFAULT_FAULT_SHARES.malformed)} step="any" hint="Weight among faulted reads: the answer is cut short or empty" state={state} />
        </CardBody>
      </Card>

      <Card>
        <CardHeader title="Budget" description="The run stops when it has spent this much; tasks not started are skipped." />
        <CardBody className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          <NumberField name="budgetUsd" label="Budget (USD)" fallback="" step="0.01" hint="Empty: the server's default" state={state} />
          <NumberField name="budgetTokens" label="Budget (tokens)" fallback="" hint="Applies also to models without a price" state={state} />
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

/** The timeout a run gets when the field is left empty, as the launch applies it (launch-options.ts). */
function timeoutHint(agent: string): string {
  const seconds = defaultTimeLimitMs(agent) / 1_000;
  return agent === "workbench-2026" ? `Per task; empty: ${seconds} s, checked between turns (upstream)` : `Per task; empty: ${seconds} s (the paper's)`;
}

function NumberField({
  name,
  label,
  fallback,
  hint,
  step,
  disabled = false,
  errorField = name,
  state,
}: {
  name: string;
  label: string;
  fallback: string;
  hint?: string;
  step?: string;
  /** Not used by the chosen agent: disabled, and the hint says so. */
  disabled?: boolean;
  /** The schema field whose errors show here (a group of inputs reports under one field, e.g. faultShares). */
  errorField?: string;
  state: LaunchFormState;
}) {
  const errors = state.fieldErrors[errorField];
  return (
    <FormField name={name} label={label} errors={errors} hint={disabled ? NOT_USED_BY_AGENT : hint}>
      <input id={name} name={name} type="number" step={step} className={inputClasses} defaultValue={state.values[name] ?? fallback} disabled={disabled} aria-invalid={errors ? true : undefined} />
    </FormField>
  );
}
