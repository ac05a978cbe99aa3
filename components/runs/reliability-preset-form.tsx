"use client";
// The reliability preset (docs/reliability-profile.md, "The reliability preset"): an agent and its model,
// the sample and the trials; "Estimate cost" prepares the battery on the server and shows what it would
// cost, then "Launch the four runs" launches them on the same sample (its seed kept) and opens their sweep.
import { unstable_rethrow } from "next/navigation";
import { useActionState, useState } from "react";
import { reliabilityPresetAction, type ReliabilityPresetState } from "@/app/runs/reliability-actions";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import type { EndpointSummary } from "@/lib/providers/endpoints";
import { RUN_AGENT_KINDS, TOOL_SETS } from "@/lib/settings/launch-options";
import { DatasetSelect, FormField, inputClasses } from "./form-field";
import { ModelFields } from "./launch-model-fields";
import type { LaunchDatasetOption } from "./launch-form";

/** Agents the preset can run: not a replay of one recorded file, nor an external agent. */
const PRESET_AGENTS = RUN_AGENT_KINDS.filter((agent) => agent !== "replay" && agent !== "external");

interface PresetFormState {
  readonly result: ReliabilityPresetState;
  readonly values: Record<string, string>;
}

async function submit(previous: PresetFormState, form: FormData): Promise<PresetFormState> {
  const values: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === "string" && key !== "confirm") values[key] = value.slice(0, 500);
  try {
    return { result: await reliabilityPresetAction(undefined, form), values };
  } catch (error) {
    unstable_rethrow(error); // the redirect to the sweep's page
    return { result: { status: "error", message: "The server did not accept the form; nothing was launched." }, values: previous.values };
  }
}

export function ReliabilityPresetForm({ endpoints, datasets }: { endpoints: readonly EndpointSummary[]; datasets: readonly LaunchDatasetOption[] }) {
  const [state, formAction, pending] = useActionState(submit, { result: { status: "idle" }, values: {} });
  const [agent, setAgent] = useState(state.values.agent ?? "react");
  const [endpointName, setEndpointName] = useState(state.values.endpoint ?? "");
  const { result, values } = state;
  const errors = (name: string) => (result.status === "invalid" ? result.fieldErrors[name] : undefined);
  // A changed field after the estimate: the estimate no longer holds, so the launch button goes until it is redone.
  const [stale, setStale] = useState(false);
  const estimate = result.status === "estimate" && !stale ? result : null;
  return (
    <Card data-testid="reliability-preset">
      <CardHeader
        title="Reliability preset"
        description="Measures a configuration's whole reliability profile in one launch: k trials of each of the three phrasings (original, alt-1, alt-2) on one template-stratified sample, plus the original at fault rate 0.1 on the same tasks and trials, every run asking the agent for its confidence. Four runs, all or none, linked as one sweep. The estimated cost is shown before anything is launched."
      />
      <CardBody>
        <form action={formAction} key={JSON.stringify(values)} onChange={() => setStale(true)} onSubmit={() => setStale(false)} noValidate className="space-y-4" data-testid="reliability-preset-form">
          {result.status === "error" ? (
            <p className="rounded-lg bg-bad-soft px-4 py-2 text-sm text-bad" role="alert" data-testid="reliability-preset-error">{result.message}</p>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField name="agent" label="Agent" errors={errors("agent")}>
              <select id="preset-agent" name="agent" className={inputClasses} defaultValue={agent} onChange={(event) => setAgent(event.target.value)}>
                {PRESET_AGENTS.map((kind) => (
                  <option key={kind} value={kind}>{kind}</option>
                ))}
              </select>
            </FormField>
            <ModelFields agent={agent} endpoints={endpoints} endpointName={endpointName} onEndpointChange={setEndpointName} values={values} errors={errors} />
            <DatasetSelect datasets={datasets} defaultValue={values.dataset} errors={errors("dataset")} />
            <FormField name="toolSet" label="Tool set" errors={errors("toolSet")}>
              <select id="preset-toolSet" name="toolSet" className={inputClasses} defaultValue={values.toolSet ?? "all"}>
                {TOOL_SETS.map((set) => (
                  <option key={set} value={set}>{set}</option>
                ))}
              </select>
            </FormField>
            <FormField name="limit" label="Tasks in the sample" errors={errors("limit")} hint="Empty: one per task template (69 on WorkBench)">
              <input id="preset-limit" name="limit" type="number" min={1} className={inputClasses} defaultValue={values.limit ?? ""} data-testid="preset-limit" />
            </FormField>
            <FormField name="trials" label="Trials (k)" errors={errors("trials")} hint="At least 2; each run repeats every task k times">
              <input id="preset-trials" name="trials" type="number" min={2} className={inputClasses} defaultValue={values.trials ?? "3"} data-testid="preset-trials" />
            </FormField>
          </div>
          {estimate ? (
            <>
              <input type="hidden" name="seed" value={estimate.seed} />
              <p className="rounded-lg bg-accent-soft px-4 py-2 text-sm text-ink" data-testid="reliability-preset-estimate" data-usd={estimate.usd ?? undefined} data-cells={estimate.cells}>
                {estimate.text}
              </p>
            </>
          ) : null}
          <div className="flex gap-3">
            <Button type="submit" variant={estimate ? "secondary" : "primary"} disabled={pending} data-testid="reliability-preset-estimate-button">
              {estimate ? "Estimate again" : "Estimate cost"}
            </Button>
            {estimate ? (
              <Button type="submit" name="confirm" value="1" disabled={pending} data-testid="reliability-preset-launch">
                Launch the four runs
              </Button>
            ) : null}
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
