import type { ReactNode } from "react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { z } from "zod";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Pager } from "@/components/ui/pager";
import { PageHeader } from "@/components/ui/page-header";
import { StepMetricsChart } from "@/components/charts/step-metrics-chart";
import { DiffTables, type DiffLabels } from "@/components/traces/diff-tables";
import { FirstDivergenceCard } from "@/components/traces/first-divergence-card";
import { KeyboardNav } from "@/components/traces/keyboard-nav";
import { ResultHeaderCard } from "@/components/traces/result-header-card";
import { TraceEventList } from "@/components/traces/trace-event-view";
import { FigureValue } from "@/components/ui/figure-value";
import { tokensFigure } from "@/lib/metrics/format";
import { durationFigure, NOT_RECORDED } from "@/lib/metrics/run-usage";
import { getResultNeighbours } from "@/lib/queries/analysis";
import { getResultWithTrace } from "@/lib/queries/results";
import { divergenceOf } from "@/lib/queries/divergence";
import { buildTrace, stepMetrics, traceTotals } from "@/lib/traces/build-trace";
import { buildDiffView } from "@/lib/traces/diff-view";

type Params = { params: Promise<{ id: string; resultId: string }>; searchParams: Promise<Record<string, string | string[]>> };

/**
 * Steps per page of the trace: a trace of up to 20 steps (the paper's agent's limit) shows whole; longer
 * ones are paged. Folded texts carry only a preview; the rest is fetched from the step route when opened.
 */
const STEP_PAGE_SIZE = 20;

const searchSchema = z.object({
  steps: z.coerce.number().int().min(0).catch(0),
  open: z.coerce.number().int().min(0).optional().catch(undefined),
  /** `all`: every row of the final diff (by default each table shows its first VERDICT_DIFF_ROWS). */
  diff: z.enum(["all"]).optional().catch(undefined),
});

/** Rows per table of the final diff before "show all": an agent that rewrote a whole table stays light. */
const VERDICT_DIFF_ROWS = 5;

// The evaluator diffs ground truth (before) against the prediction (after).
const VERDICT_DIFF_LABELS: DiffLabels = { inserted: "only in prediction", deleted: "missing from prediction", changed: "differ (GT → predicted)" };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { id, resultId } = await params;
  const result = await getResultWithTrace({ runId: id, resultId });
  return { title: result ? `${result.task.key} · ${result.run.name}` : "Result not found" };
}

export default async function TracePage({ params, searchParams }: Params) {
  const { id, resultId } = await params;
  const search = searchSchema.parse(await searchParams);
  const result = await getResultWithTrace({ runId: id, resultId });
  if (!result) notFound();
  const [divergence, neighbours] = await Promise.all([divergenceOf(result), getResultNeighbours({ runId: id, resultId })]);
  const hrefOf = (other: string | null) => (other ? `/runs/${id}/tasks/${other}` : null);
  const events = buildTrace(result.steps);
  const totals = traceTotals(events);
  const metrics = stepMetrics(events);
  // Imported results carry no timings or token counts: an all-zero chart would only be noise.
  const timed = metrics.some((point) => point.latencyMs > 0 || point.tokens > 0);
  const finalDiff = buildDiffView(result.diff);
  // An opened step shows on its own page of steps.
  const openAt = search.open === undefined ? -1 : events.findIndex((event) => event.index === search.open);
  const pages = Math.max(1, Math.ceil(events.length / STEP_PAGE_SIZE));
  const stepPage = Math.min(openAt >= 0 ? Math.floor(openAt / STEP_PAGE_SIZE) : search.steps, pages - 1);
  const base = `/runs/${result.run.id}/tasks/${result.id}`;
  // Recorded results carry no usage: their zeros are unknown, not free.
  const tokensOf = (count: number) => tokensFigure(result.run.source === "imported" && !timed ? null : count, { reason: NOT_RECORDED });
  const pageHref = (page: number) => `${base}${page > 0 ? `?steps=${page}` : ""}#trace`;
  return (
    <>
      <PageHeader
        eyebrow={
          <Link href={`/runs/${result.run.id}`} className="hover:text-ink" data-testid="back-to-run">
            ← {result.run.name}
          </Link>
        }
        title={
          <span className="font-mono break-all" data-testid="trace-title">
            {result.task.key}
            {result.trial > 0 ? ` · trial ${result.trial}` : ""}
          </span>
        }
        description={`${result.run.model ?? result.run.agent} · ${result.run.agent} agent · ${result.run.toolSet} tools · ${result.run.groundTruth}`}
      />
      <div className="space-y-6">
        <KeyboardNav previousHref={hrefOf(neighbours.previous)} nextHref={hrefOf(neighbours.next)} />
        {/* `open` shows the step on its page of the paged trace. */}
        <FirstDivergenceCard divergence={divergence} stepHref={(step) => `${base}?open=${step}#step-${step}`} />
        <ResultHeaderCard result={result} />
        <div className="grid gap-6 lg:grid-cols-3">
          <Card className="lg:col-span-2">
            <CardHeader title="Latency and tokens per step" />
            <div className="px-3 py-3">
              {timed ? (
                <StepMetricsChart data={metrics} />
              ) : (
                <p className="px-2 py-6 text-sm text-muted" data-testid="no-step-metrics">
                  No latency or token counts were recorded for these steps.
                </p>
              )}
            </div>
          </Card>
          <Card>
            <CardHeader title="Totals" />
            <dl className="grid grid-cols-2 gap-3 px-5 py-4 text-sm tabular-nums" data-testid="trace-totals">
              <Total label="Model turns" value={totals.modelTurns} />
              <Total label="Tool calls" value={`${totals.toolCalls} (${totals.failedToolCalls} failed, ${totals.refusedToolCalls} refused)`} />
              <Total label="Input tokens" value={<FigureValue figure={tokensOf(totals.inputTokens)} />} />
              <Total label="Output tokens" value={<FigureValue figure={tokensOf(totals.outputTokens)} />} />
              <Total label="Retries" value={totals.retries} />
              <Total label="Latency" value={<FigureValue figure={durationFigure(result.run.source, result.latencyMs)} testId="trace-latency" />} />
            </dl>
          </Card>
        </div>
        <section id="trace">
          <h2 className="mb-2 text-sm font-semibold text-ink">Trace · {events.length} steps</h2>
          <TraceEventList
            events={events.slice(stepPage * STEP_PAGE_SIZE, (stepPage + 1) * STEP_PAGE_SIZE)}
            openStep={search.open}
            base={base}
            divergentStep={divergence && divergence.kind !== "none" ? divergence.step : null}
          />
          <Pager page={stepPage} pages={pages} href={pageHref} testId="trace-pager" />
        </section>
        <Card data-testid="final-diff" id="final-diff">
          <CardHeader
            title="Final state vs ground truth"
            description="The sandbox after replaying the agent's calls, compared with the state the ground-truth calls produce."
          />
          <CardBody>
            <DiffTables
              tables={finalDiff}
              labels={VERDICT_DIFF_LABELS}
              testId="verdict-diff"
              maxRows={VERDICT_DIFF_ROWS}
              moreHref={search.diff === "all" ? undefined : `${base}?diff=all#final-diff`}
            />
          </CardBody>
        </Card>
      </div>
    </>
  );
}

function Total({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="text-ink">{value}</dd>
    </div>
  );
}
