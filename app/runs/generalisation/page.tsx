import { Suspense } from "react";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { z } from "zod";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { comparableRunLabel } from "@/components/runs/compare-picker";
import { inputClasses } from "@/components/runs/form-field";
import { GeneralisationTable, TemplateFamilyTable } from "@/components/runs/generalisation-table";
import { PanelSkeleton } from "@/components/runs/panel-skeleton";
import { NO_PAIRED_TEST_REASON } from "@/lib/metrics/generalisation";
import { getGeneralisation } from "@/lib/queries/generalisation";
import { listComparableRuns, type ComparableRun } from "@/lib/queries/runs";

export const metadata: Metadata = { title: "Official vs generated" };

const searchSchema = z.object({
  official: z.string().min(1).optional().catch(undefined),
  generated: z.string().min(1).optional().catch(undefined),
});

function RunSelect({ name, label, runs, value }: { name: string; label: string; runs: readonly ComparableRun[]; value?: string }) {
  return (
    <label className="flex min-w-0 flex-1 flex-col gap-1 text-xs font-medium text-muted">
      {label}
      <select name={name} defaultValue={value ?? ""} className={inputClasses} data-testid={`generalisation-${name}`}>
        <option value="">Choose a run…</option>
        {runs.map((run) => (
          <option key={run.id} value={run.id}>{comparableRunLabel(run)}</option>
        ))}
      </select>
    </label>
  );
}

export default async function GeneralisationPage({ searchParams }: { searchParams: Promise<Record<string, string | string[]>> }) {
  const { official, generated } = searchSchema.parse(await searchParams);
  const runs = await listComparableRuns({ include: [official, generated].filter((id) => id !== undefined) });
  return (
    <>
      <PageHeader
        title="Official vs generated"
        description="One configuration's run on the official tasks and on a generated workplace, per domain and per paper template family, each rate with its 95 % Wilson interval."
      />
      <form method="get" action="/runs/generalisation" className="mb-6 flex flex-wrap items-end gap-3" data-testid="generalisation-picker">
        <RunSelect name="official" label="Run on the official dataset" runs={runs.filter((run) => run.datasetKind === "official")} value={official} />
        <RunSelect name="generated" label="Run on a generated workplace" runs={runs.filter((run) => run.datasetKind === "generated")} value={generated} />
        <button type="submit" className={buttonClasses({})}>Show</button>
      </form>
      <p className="mb-6 max-w-3xl rounded-xl border border-line bg-surface px-5 py-3 text-sm text-muted" role="note" data-testid="no-paired-test">
        {NO_PAIRED_TEST_REASON}
      </p>
      {official && generated ? (
        <Suspense key={`${official}-${generated}`} fallback={<PanelSkeleton height={240} />}>
          <Generalisation official={official} generated={generated} />
        </Suspense>
      ) : (
        <EmptyState title="Pick two runs" testId="generalisation-empty">
          One run on the official dataset and one of the same model, agent, tool set and protocol on a generated workplace (`npm run workbench -- generate`).
        </EmptyState>
      )}
    </>
  );
}

async function Generalisation({ official, generated }: { official: string; generated: string }) {
  const view = await getGeneralisation({ official, generated });
  if (view.status === "missing") notFound();
  if (view.status === "wrong-kinds") {
    return <EmptyState title="One official and one generated run" testId="generalisation-wrong-kinds">The first run must be on the official dataset and the second on a generated workplace.</EmptyState>;
  }
  return (
    <>
      {view.mismatches.length > 0 ? (
        <div className="mb-6 rounded-xl border border-warn/40 bg-warn-soft px-5 py-3 text-sm" role="note" data-testid="generalisation-config-notice">
          <strong>Not one configuration</strong> ({view.mismatches.join("; ")}): the difference mixes the datasets with the configurations.
        </div>
      ) : null}
      <Card>
        <CardHeader title={`${view.official.name} · ${view.generated.name}`} description={`${view.official.dataset.name} against ${view.generated.dataset.name} (${view.generated.dataset.slug})`} />
        <GeneralisationTable rows={view.rows} />
      </Card>
      <Card className="mt-6">
        <CardHeader
          title="Per paper template family"
          description="Each of the paper's 69 templates: the official run on its tasks, the generated run on the tasks of the generator's templates that cover it (docs/generated-workplaces.md); a generator template covering several paper templates counts in each."
        />
        <TemplateFamilyTable rows={view.templates} />
      </Card>
    </>
  );
}
