"use client";

import { useActionState } from "react";
import { launchSweepAction, type LaunchSweepState } from "@/app/sweeps/actions";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { RUN_SETTINGS_DEFAULTS } from "@/lib/settings/launch-options";
import { PHRASINGS } from "@/lib/workbench/datasets/phrasings/names";
import { DEFAULT_FAULT_SHARES } from "@/lib/workbench/tools/faults";
import { DatasetSelect, FormField, inputClasses } from "./form-field";
import { FormErrorSummary } from "./form-error-summary";

const initial: LaunchSweepState = { status: "idle" };

/** Launches a grid of runs: agents × fault rates (× phrasings) on the same tasks and fault seed (lib/runs/sweep.ts). */
export function SweepForm({ datasets }: { datasets: readonly { slug: string; label: string }[] }) {
  const [state, action, pending] = useActionState(launchSweepAction, initial);
  const errors = (name: string) => (state.status === "invalid" ? state.fieldErrors[name] : undefined);
  const invalid = (name: string) => (errors(name) ? true : undefined);
  return (
    <form action={action} noValidate className="space-y-6" data-testid="sweep-form">
      {state.status === "error" ? (
        <div className="rounded-lg bg-bad-soft px-4 py-2 text-sm text-bad" role="alert" data-testid="sweep-error">
          {state.message}
        </div>
      ) : null}
      {state.status === "invalid" ? <FormErrorSummary fieldErrors={state.fieldErrors} what="launched" /> : null}
      <Card>
        <CardHeader title="Grid" description="Every agent runs at every fault rate: one run per pair, on the same tasks, facing the same fault schedule." />
        <CardBody className="grid gap-4 sm:grid-cols-2">
          <FormField name="agents" label="Agents, one per line" errors={errors("agents")} hint="oracle, oracle-retry or noop; a model agent as agent@endpoint/model, e.g. tools@openai/gpt-4o">
            <textarea id="agents" name="agents" rows={4} className={`${inputClasses} font-mono`} defaultValue={"oracle\noracle-retry"} aria-invalid={invalid("agents")} />
          </FormField>
          <div className="space-y-4">
            <FormField name="faultRates" label="Fault rates" errors={errors("faultRates")} hint="Comma-separated, 0 to 0.5 (0: a clean run)">
              <input id="faultRates" name="faultRates" className={inputClasses} defaultValue="0, 0.1, 0.2" aria-invalid={invalid("faultRates")} />
            </FormField>
            <FormField name="faultSeed" label="Fault seed" errors={errors("faultSeed")} hint="The same seed gives every agent the same faults">
              <input id="faultSeed" name="faultSeed" type="number" className={inputClasses} defaultValue={RUN_SETTINGS_DEFAULTS.faultSeed} aria-invalid={invalid("faultSeed")} />
            </FormField>
            <label className="flex items-center gap-1.5 text-sm text-ink">
              <input type="hidden" name="cleanShown" value="1" />
              <input type="checkbox" name="clean" value="1" defaultChecked className="accent-accent" data-testid="sweep-clean" />
              Include a clean run (rate 0) per agent: the faulted runs&apos; pair on the robustness board
            </label>
            <fieldset className="space-y-1" data-testid="field-phrasings">
              <legend className="block text-xs font-medium text-ink">Phrasings</legend>
              <input type="hidden" name="phrasingsShown" value="1" />
              <div className="flex flex-wrap gap-3">
                {PHRASINGS.map((phrasing) => (
                  <label key={phrasing} className="flex items-center gap-1.5 text-sm text-ink">
                    <input type="checkbox" id={phrasing === PHRASINGS[0] ? "phrasings" : undefined} name="phrasings" value={phrasing} defaultChecked={phrasing === RUN_SETTINGS_DEFAULTS.phrasing} className="accent-accent" aria-invalid={invalid("phrasings")} />
                    {phrasing}
                  </label>
                ))}
              </div>
              {errors("phrasings") ? (
                <p id="phrasings-error" className="text-xs text-bad" data-testid="field-error-phrasings">
                  {errors("phrasings")?.join(" ")}
                </p>
              ) : (
                <p className="text-xs text-muted">Each wording ticked is one more run per agent and rate, on the tasks worded in all of them (docs/reliability-profile.md)</p>
              )}
            </fieldset>
            <FormField name="name" label="Name" errors={errors("name")} hint="Optional: names the sweep and its runs">
              <input id="name" name="name" className={inputClasses} aria-invalid={invalid("name")} />
            </FormField>
          </div>
        </CardBody>
      </Card>
      <Card>
        <CardHeader title="Tasks" description="Shared by every run of the sweep." />
        <CardBody className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <DatasetSelect datasets={datasets} errors={errors("dataset")} />
          <FormField name="limit" label="Task limit" errors={errors("limit")} hint="Empty: every task (a stratified sample otherwise, the same for every run)">
            <input id="limit" name="limit" type="number" min={1} className={inputClasses} aria-invalid={invalid("limit")} />
          </FormField>
          <FormField name="trials" label="Trials" errors={errors("trials")} hint="Runs of each task, per run">
            <input id="trials" name="trials" type="number" min={1} className={inputClasses} defaultValue={RUN_SETTINGS_DEFAULTS.trials} aria-invalid={invalid("trials")} />
          </FormField>
          <FormField name="concurrency" label="Concurrency" errors={errors("concurrency")} hint="Tasks at once, per run">
            <input id="concurrency" name="concurrency" type="number" min={1} className={inputClasses} defaultValue={RUN_SETTINGS_DEFAULTS.concurrency} aria-invalid={invalid("concurrency")} />
          </FormField>
        </CardBody>
      </Card>
      <Card>
        <CardHeader
          title="Fault kinds"
          description="Weights of the kinds a faulted call draws among: a write is transient or ambiguous, a read transient or malformed (docs/robustness.md)."
        />
        <CardBody className="grid gap-4 sm:grid-cols-3">
          <FormField name="faultShareTransient" label="Service unavailable (503)" errors={errors("faultShares")} hint="Before the call runs; reads and writes">
            <input id="faultShareTransient" name="faultShareTransient" type="number" min={0} step="any" className={inputClasses} defaultValue={DEFAULT_FAULT_SHARES.transient} aria-invalid={invalid("faultShares")} />
          </FormField>
          <FormField name="faultShareAmbiguous" label="Timeout after a write" hint="The write is applied; writes only">
            <input id="faultShareAmbiguous" name="faultShareAmbiguous" type="number" min={0} step="any" className={inputClasses} defaultValue={DEFAULT_FAULT_SHARES.ambiguous} />
          </FormField>
          <FormField name="faultShareMalformed" label="Cut answer" hint="Cut short or empty; reads only">
            <input id="faultShareMalformed" name="faultShareMalformed" type="number" min={0} step="any" className={inputClasses} defaultValue={DEFAULT_FAULT_SHARES.malformed} />
          </FormField>
        </CardBody>
      </Card>
      <Button type="submit" disabled={pending} data-testid="sweep-submit">
        {pending ? "Launching…" : "Launch sweep"}
      </Button>
    </form>
  );
}
