import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { z } from "zod";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { VerdictBadges } from "@/components/runs/verdict-badges";
import { FirstDivergenceCard } from "@/components/traces/first-divergence-card";
import { TraceEventList } from "@/components/traces/trace-event-view";
import { getResultRunId } from "@/lib/queries/analysis";
import { getResultWithTrace, type ResultWithTrace } from "@/lib/queries/results";
import { buildTrace } from "@/lib/traces/build-trace";
import { divergenceOf } from "@/lib/queries/divergence";

export const metadata: Metadata = { title: "Traces side by side" };

const searchSchema = z.object({ a: z.string().min(1).max(64), b: z.string().min(1).max(64) });

async function loadResult(resultId: string): Promise<ResultWithTrace | null> {
  const runId = await getResultRunId({ resultId });
  return runId ? getResultWithTrace({ runId, resultId }) : null;
}

/** Two results of the same task (a flipped task of a comparison), their traces in two columns. */
export default async function SideBySidePage({ searchParams }: { searchParams: Promise<Record<string, string | string[]>> }) {
  const parsed = searchSchema.safeParse(await searchParams);
  if (!parsed.success) notFound();
  const [a, b] = await Promise.all([loadResult(parsed.data.a), loadResult(parsed.data.b)]);
  if (!a || !b) notFound();
  return (
    <>
      <PageHeader
        eyebrow={
          <Link href={`/runs/compare?a=${a.run.id}&b=${b.run.id}`} className="hover:text-ink" data-testid="back-to-compare">
            ← Compare {a.run.name} with {b.run.name}
          </Link>
        }
        title={<span className="font-mono">{a.task.key}</span>}
        description={a.task.text}
      />
      <div className="grid min-w-0 gap-6 lg:grid-cols-2" data-testid="side-by-side">
        <TraceColumn label="A" result={a} />
        <TraceColumn label="B" result={b} />
      </div>
    </>
  );
}

async function TraceColumn({ label, result }: { label: string; result: ResultWithTrace }) {
  const divergence = await divergenceOf(result);
  const events = buildTrace(result.steps);
  return (
    <section className="min-w-0 space-y-3" data-testid={`trace-column-${label.toLowerCase()}`}>
      <Card className="px-4 py-3">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-semibold">{label}</span>
          <Link href={`/runs/${result.run.id}/tasks/${result.id}`} className="min-w-0 break-words text-accent">
            {result.run.name}
          </Link>
          <VerdictBadges correct={result.correct} sideEffects={result.sideEffects} exactMatch={result.exactMatch} error={result.error} />
        </div>
      </Card>
      <FirstDivergenceCard divergence={divergence} linked={false} />
      <TraceEventList
        events={events}
        base={`/runs/${result.run.id}/tasks/${result.id}`}
        divergentStep={divergence && divergence.kind !== "none" ? divergence.step : null}
      />
    </section>
  );
}
