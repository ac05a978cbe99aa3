import { Suspense } from "react";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { AutoRefresh } from "@/components/runs/auto-refresh";
import { CancelRunButton } from "@/components/runs/cancel-run-button";
import { FlakyTasksCard } from "@/components/runs/flaky-tasks-card";
import { PanelSkeleton } from "@/components/runs/panel-skeleton";
import { ReproducibilityCard } from "@/components/runs/reproducibility-card";
import { RobustnessCard } from "@/components/runs/robustness-card";
import { EstimateCard } from "@/components/runs/estimate-card";
import { sweepOfRun } from "@/lib/queries/sweeps";
import Link from "next/link";
import { RunStatusBadge } from "@/components/runs/run-status-badge";
import { RunLabels } from "@/components/runs/run-labels";
import { runSettingsFrom } from "@/lib/settings/run-settings";
import { countUnworded } from "@/lib/queries/results";
import { RunManagePanel } from "@/components/runs/run-manage-panel";
import { getRun } from "@/lib/queries/runs";
import { isActiveStatus } from "@/lib/runs/run-outcome";
import { getProviderFailureCount } from "@/lib/queries/run-outcome";
import { RunResultsPanel, parseResultSearch } from "@/components/runs/run-results-panel";
import { RunSummaryPanels } from "@/components/runs/run-summary-panels";
import { RunExplainPanels } from "@/components/runs/run-explain-panels";
import { RescoreRunForm } from "@/components/runs/rescore-run-form";
import { ExportMenu } from "@/components/runs/export-menu";
import { isProtocolId, PROTOCOLS } from "@/lib/workbench/protocols";

type Params = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[]>> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const run = await getRun({ id: (await params).id });
  return { title: run ? run.name : "Run not found" };
}

export default async function RunPage({ params, searchParams }: Params) {
  const { id } = await params;
  const run = await getRun({ id });
  if (!run) notFound();
  const query = await searchParams;
  const search = parseResultSearch(query);
  const allTemplates = query.templates === "all";
  const active = isActiveStatus(run.status);
  const providerFailures = await getProviderFailureCount({ runId: run.id });
  const sweep = sweepOfRun(run.params);
  const { phrasing } = runSettingsFrom(run.params);
  // A reworded run: how many of its dataset's tasks have no such wording (the launch left them out).
  const unworded = await countUnworded({ versionId: run.versionId, phrasing });
  return (
    <>
      <AutoRefresh active={active} />
      <PageHeader
        eyebrow={`${run.source} run · ${run.dataset.slug} · ${run.groundTruth}${run.version ? ` r${run.version.revision}` : ""} · protocol ${run.protocol} · scoring ${run.scoringRevision ?? "unrevised"}`}
        title={<span data-testid="run-name">{run.name}</span>}
        description={
          <span className="inline-flex items-center gap-2">
            <RunStatusBadge status={run.status} outcome={{ source: run.source, done: run.tasksDone, providerFailures }} />
            <RunLabels test={run.testRun} estimated={run.estimated} phrasing={phrasing} archived={run.archivedAt !== null} tags={run.tags} />
            {run.model ?? run.agent} · {run.agent} agent · {run.toolSet} tools
            {run.error ? <span className="text-bad" data-testid="run-error">· {run.error}</span> : null}
            {run.launchedBy ? <span data-testid="run-launched-by">· launched by {run.launchedBy}</span> : null}
            {unworded > 0 ? <span data-testid="run-phrasing-left-out">· {unworded} of the dataset&apos;s tasks have no {phrasing} wording and were left out</span> : null}
            {sweep ? (
              <Link href={`/sweeps/${sweep.id}`} className="text-accent hover:underline" data-testid="run-sweep">
                · part of {sweep.name}
              </Link>
            ) : null}
          </span>
        }
        actions={
          <>
            <ButtonLink href={`/runs/compare?a=${run.id}`} variant="secondary" size="sm">
              Compare…
            </ButtonLink>
            {run.status === "queued" || run.status === "running" ? <CancelRunButton runId={run.id} /> : null}
            {!active ? <ExportMenu runId={run.id} /> : null}
            {!active && isProtocolId(run.protocol) && PROTOCOLS[run.protocol].revisions.length > 1 ? (
              <RescoreRunForm runId={run.id} current={run.scoringRevision} revisions={PROTOCOLS[run.protocol].revisions} />
            ) : null}
          </>
        }
      />
      <div className="space-y-6">
        {run.estimate !== null ? (
          <Suspense fallback={<PanelSkeleton height={120} />}>
            <EstimateCard runId={run.id} finished={run.status === "completed"} />
          </Suspense>
        ) : null}
        {/* The progress bar is drawn by the summary panels, from the same read as their rates. */}
        <Suspense fallback={<PanelSkeleton height={320} />}>
          <RunSummaryPanels run={run} allTemplates={allTemplates} />
        </Suspense>
        <Suspense fallback={<PanelSkeleton height={320} />}>
          <RunExplainPanels run={run} />
        </Suspense>
        {run.trials > 1 ? (
          <Suspense fallback={<PanelSkeleton height={160} />}>
            <FlakyTasksCard runId={run.id} />
          </Suspense>
        ) : null}
        {run.note ? (
          <p className="whitespace-pre-wrap rounded-lg bg-surface px-4 py-3 text-sm ring-1 ring-line" data-testid="run-note">{run.note}</p>
        ) : null}
        <Suspense fallback={null}>
          <RobustnessCard runId={run.id} />
        </Suspense>
        <ReproducibilityCard run={run} />
        <RunManagePanel
          run={{ id: run.id, name: run.name, note: run.note, tags: run.tags, archived: run.archivedAt !== null, test: run.testRun, active }}
        />
        <Suspense key={JSON.stringify(search)} fallback={<PanelSkeleton rows={12} />}>
          <RunResultsPanel run={run} search={search} />
        </Suspense>
      </div>
    </>
  );
}
