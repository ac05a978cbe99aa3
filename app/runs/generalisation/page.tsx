import { Suspense } from "react";
import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { z } from "zod";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { inputClasses } from "@/components/runs/form-field";
import { GeneralisationTable, TemplateFamilyTable } from "@/components/runs/generalisation-table";
import { PanelSkeleton } from "@/components/runs/panel-skeleton";
import { NO_PAIRED_TEST_REASON } from "@/lib/metrics/generalisation";
import { getGeneralisation, listGeneralisationOptions, optionOfRuns } from "@/lib/queries/generalisation";

export const metadata: Metadata = { title: "Official vs generated" };

const searchSchema = z.object({
  /** The configuration (its cross-dataset identity, base64url) and the generated workplace's slug. */
  config: z.string().min(1).max(2_000).optional().catch(undefined),
  dataset: z.string().min(1).max(100).optional().catch(undefined),
  /** The picker's choice: "<config>.<dataset>" (base64url has no dot). */
  pick: z.string().min(1).max(2_200).optional().catch(undefined),
  /** Older links named two runs: the official run's configuration on the generated run's workplace. */
  official: z.string().min(1).max(100).optional().catch(undefined),
  generated: z.string().min(1).max(100).optional().catch(undefined),
});

const encode = (configuration: string) => Buffer.from(configuration, "utf8").toString("base64url");
const decode = (param: string) => Buffer.from(param, "base64url").toString("utf8");
const optionValue = (configuration: string, dataset: string) => `${encode(configuration)}.${dataset}`;

export default async function GeneralisationPage({ searchParams }: { searchParams: Promise<Record<string, string | string[]>> }) {
  const parsed = searchSchema.parse(await searchParams);
  const [pickedConfig, ...pickedDataset] = parsed.pick?.split(".") ?? [];
  const search = parsed.pick ? { ...parsed, config: pickedConfig, dataset: pickedDataset.join(".") || undefined } : parsed;
  if (search.official && search.generated && !search.config) {
    const option = await optionOfRuns(search.official, search.generated);
    if (option) redirect(`/runs/generalisation?config=${encode(option.configuration)}&dataset=${encodeURIComponent(option.generated)}`);
  }
  const options = await listGeneralisationOptions();
  const configuration = search.config ? decode(search.config) : undefined;
  const chosen = configuration && search.dataset ? optionValue(configuration, search.dataset) : "";
  return (
    <>
      <PageHeader
        title="Official vs generated"
        description="One configuration on the official tasks and on a generated workplace, each side pooled over the configuration's runs there, per domain and per paper template family, each rate with its 95 % Wilson interval."
      />
      <form method="get" action="/runs/generalisation" className="mb-6 flex flex-wrap items-end gap-3" data-testid="generalisation-picker">
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-xs font-medium text-muted">
          Configuration, and the generated workplace it also ran on
          <select name="pick" defaultValue={chosen} className={inputClasses} data-testid="generalisation-configuration">
            <option value="">Choose a configuration…</option>
            {options.map((option) => (
              <option key={optionValue(option.configuration.id, option.generated.slug)} value={optionValue(option.configuration.id, option.generated.slug)}>
                {option.configuration.label} — on {option.generated.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={buttonClasses({})}>Show</button>
      </form>
      <p className="mb-6 max-w-3xl rounded-xl border border-line bg-surface px-5 py-3 text-sm text-muted" role="note" data-testid="no-paired-test">
        {NO_PAIRED_TEST_REASON}
      </p>
      {configuration && search.dataset ? (
        <Suspense key={chosen} fallback={<PanelSkeleton height={240} />}>
          <Generalisation configuration={configuration} generated={search.dataset} />
        </Suspense>
      ) : (
        <EmptyState title={options.length ? "Pick a configuration" : "No configuration has runs on both"} testId="generalisation-empty">
          A configuration (model, agent, tool set, ground truth, protocol) with completed runs on the official dataset and on a generated workplace
          (`npm run workbench -- generate --import`, then the same run with `--dataset` the workplace&apos;s slug).
        </EmptyState>
      )}
    </>
  );
}

function RunList({ title, runs, testId }: { title: string; runs: readonly { id: string; name: string }[]; testId: string }) {
  return (
    <div className="min-w-0 flex-1">
      <div className="text-xs font-medium text-muted">
        {title} ({runs.length} run{runs.length === 1 ? "" : "s"})
      </div>
      <ul className="mt-1 space-y-0.5 text-sm" data-testid={testId}>
        {runs.map((run) => (
          <li key={run.id} data-testid="generalisation-run" data-run-id={run.id}>
            <Link href={`/runs/${run.id}`} className="text-accent">{run.name}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

async function Generalisation({ configuration, generated }: { configuration: string; generated: string }) {
  const view = await getGeneralisation({ configuration, generated });
  if (view.status === "missing") {
    return (
      <EmptyState title="No runs of this configuration on both" testId="generalisation-missing">
        The configuration needs counted runs (completed, not archived, not test runs) on the official dataset and on {generated}.
      </EmptyState>
    );
  }
  return (
    <>
      <Card>
        <CardHeader title={view.configuration.label} description={`The official dataset against ${view.generated.name} (${view.generated.slug}), each side pooled over the runs named.`} />
        <div className="flex flex-wrap gap-6 px-5 pb-4" data-testid="generalisation-runs">
          <RunList title="Official runs" runs={view.officialRuns} testId="generalisation-official-runs" />
          <RunList title={`Runs on ${view.generated.slug}`} runs={view.generatedRuns} testId="generalisation-generated-runs" />
        </div>
        <GeneralisationTable rows={view.rows} />
      </Card>
      <Card className="mt-6">
        <CardHeader
          title="Per paper template family"
          description="Each of the paper's 69 templates: the official runs on its tasks, the generated runs on the tasks of the generator's templates that cover it (docs/generated-workplaces.md); a generator template covering several paper templates counts in each."
        />
        <TemplateFamilyTable rows={view.templates} />
      </Card>
    </>
  );
}
