import Link from "next/link";
import { Card, CardHeader } from "@/components/ui/card";
import { DomainAccuracyChart } from "@/components/charts/domain-accuracy-chart";
import { ErrorBreakdownCard } from "@/components/runs/error-breakdown-card";
import { RunProgress } from "@/components/runs/run-progress";
import { SummaryCards } from "@/components/runs/summary-cards";
import { TallyTable } from "@/components/runs/tally-table";
import { TrialConsistencyCard } from "@/components/runs/trial-consistency-card";
import { ACTION_BUCKETS } from "@/lib/metrics/summarize-results";
import { getRunSummary } from "@/lib/queries/results";
import type { RunDetail } from "@/lib/queries/runs";

/** Templates listed until the reader asks for all of them (a run has ~70; the table sits in a scroll box). */
const TEMPLATES_SHOWN = 8;

/** Headline cards, per-domain chart, action-count buckets, Fig. 6 errors and per-template table. */
export async function RunSummaryPanels({ run, allTemplates = false }: { run: RunDetail; allTemplates?: boolean }) {
  const summary = await getRunSummary({ runId: run.id, trials: run.trials, source: run.source });
  const domainData = summary.byDomain.map((group) => ({
    domain: group.key,
    accuracy: group.accuracy,
    sideEffectRate: group.sideEffectRate,
  }));
  const buckets = ACTION_BUCKETS.map((bucket) => ({ key: bucket, ...summary.byActionCount[bucket] }));
  const templates = allTemplates ? summary.byTemplate : summary.byTemplate.slice(0, TEMPLATES_SHOWN);
  const { progress } = summary;
  return (
    <div className="space-y-6">
      <div className="rounded-xl border border-line bg-surface px-5 py-3 shadow-xs">
        {/* Counts from the summary's own read: the bar and the rates below never disagree. */}
        <RunProgress done={progress.done} total={Math.max(progress.total, run.tasksTotal)} skipped={progress.skipped} wide />
      </div>
      <SummaryCards run={run} summary={summary} />
      {summary.consistency ? <TrialConsistencyCard consistency={summary.consistency} /> : null}
      <div className="grid gap-6 lg:grid-cols-5">
        <Card className="lg:col-span-3">
          <CardHeader title="Per domain" description="Accuracy and side-effect rate (paper Table 6)." />
          <div className="px-3 pt-3">
            <DomainAccuracyChart data={domainData} />
          </div>
          <TallyTable groups={summary.byDomain} groupLabel="Domain" testId="domain-table" />
        </Card>
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <Card>
            <CardHeader title="By ground-truth actions" description="Paper Table 7: 0, 1+ and 2+ actions (2+ ⊂ 1+)." />
            <TallyTable groups={buckets} groupLabel="GT actions" testId="action-table" compact />
          </Card>
          <ErrorBreakdownCard breakdown={summary.errors} providerFailures={summary.providerFailures} />
        </div>
      </div>
      <Card id="templates">
        <CardHeader title="Per template" description={`${summary.byTemplate.length} base templates.`} />
        <div className="max-h-96 overflow-y-auto">
          <TallyTable groups={templates} groupLabel="Template" testId="template-table" />
        </div>
        {templates.length < summary.byTemplate.length ? (
          <Link href={`/runs/${run.id}?templates=all#templates`} className="block border-t border-line px-5 py-2 text-sm text-accent" data-testid="all-templates">
            Show all {summary.byTemplate.length} templates
          </Link>
        ) : null}
      </Card>
    </div>
  );
}
