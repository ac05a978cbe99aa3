import { Suspense } from "react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { z } from "zod";
import { EmptyState } from "@/components/ui/empty-state";
import { Pager } from "@/components/ui/pager";
import { PageHeader } from "@/components/ui/page-header";
import { ComparePicker } from "@/components/runs/compare-picker";
import { CompareView } from "@/components/runs/compare-view";
import { PanelSkeleton } from "@/components/runs/panel-skeleton";
import { compareRuns } from "@/lib/queries/compare";
import { getRun, listComparableRuns } from "@/lib/queries/runs";

export const metadata: Metadata = { title: "Compare runs" };

const searchSchema = z.object({
  a: z.string().min(1).optional().catch(undefined),
  b: z.string().min(1).optional().catch(undefined),
  page: z.coerce.number().int().min(0).catch(0),
});

export default async function ComparePage({ searchParams }: { searchParams: Promise<Record<string, string | string[]>> }) {
  const { a, b, page } = searchSchema.parse(await searchParams);
  const runs = await listComparableRuns({ include: [a, b].filter((id) => id !== undefined) });
  return (
    <>
      <PageHeader
        title="Compare runs"
        description={
          <>
            Per-task agreement of two runs and the tasks whose verdict flipped.{" "}
            <Link href="/runs/compare/many" className="text-accent" data-testid="compare-many-link">Compare 2–10 runs as a heatmap</Link>;{" "}
            <Link href="/runs/generalisation" className="text-accent" data-testid="generalisation-link">official vs generated</Link>.
          </>
        }
      />
      <ComparePicker runs={runs} a={a} b={b} />
      {a && b ? (
        <Suspense key={`${a}-${b}-${page}`} fallback={<PanelSkeleton height={240} />}>
          <Comparison a={a} b={b} page={page} />
        </Suspense>
      ) : (
        <EmptyState title="Pick two runs" testId="compare-empty">
          Two runs of the same dataset compare on the tasks both scored with identical text, also across ground-truth
          versions and protocols. Runs on different datasets do not compare: their tasks are different tasks.
        </EmptyState>
      )}
    </>
  );
}

async function Comparison({ a, b, page }: { a: string; b: string; page: number }) {
  const [runA, runB, comparison] = await Promise.all([getRun({ id: a }), getRun({ id: b }), compareRuns({ a, b, page })]);
  if (!runA || !runB || comparison.status === "missing") notFound();
  if (comparison.status === "refused") {
    return (
      <EmptyState
        title="These runs cannot be compared"
        testId="compare-refused"
        action={<Link href={`/runs/generalisation?official=${a}&generated=${b}`} className="text-sm text-accent">Put an official and a generated run side by side per domain →</Link>}
      >
        {comparison.reason}
      </EmptyState>
    );
  }
  const notice =
    comparison.differences.length > 0 ? (
      <div className="mb-6 rounded-xl border border-warn/40 bg-warn-soft px-5 py-3 text-sm text-ink" role="note" data-testid="compare-rules-notice">
        <strong>Verdicts under different rules</strong> ({comparison.differences.join("; ")}). Only the tasks whose text is
        identical in both runs are compared
        {comparison.textDiffers > 0 ? `; ${comparison.textDiffers} task${comparison.textDiffers === 1 ? "" : "s"} with the same key but a different text left out` : ""}.
      </div>
    ) : null;
  if (comparison.shared === 0) {
    return (
      <>
        {notice}
        <EmptyState title="No task in common" testId="compare-no-overlap">
          These runs scored no task with the same key and text{comparison.textDiffers > 0 ? ` (${comparison.textDiffers} share a key but not the text)` : ""}, so
          there is nothing to compare.
        </EmptyState>
      </>
    );
  }
  return (
    <>
      {notice}
      <CompareView
        a={runA}
        b={runB}
        agreement={comparison}
        pager={
          <Pager
            page={comparison.page}
            pages={comparison.pages}
            href={(target) => `/runs/compare?a=${a}&b=${b}${target > 0 ? `&page=${target}` : ""}`}
            testId="flipped-pager"
          />
        }
      />
    </>
  );
}
