import { Suspense } from "react";
import type { Metadata } from "next";
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
      <PageHeader title="Compare runs" description="Per-task agreement of two runs and the tasks whose verdict flipped." />
      <ComparePicker runs={runs} a={a} b={b} />
      {a && b ? (
        <Suspense key={`${a}-${b}-${page}`} fallback={<PanelSkeleton height={240} />}>
          <Comparison a={a} b={b} page={page} />
        </Suspense>
      ) : (
        <EmptyState title="Pick two runs" testId="compare-empty">
          Runs on different ground-truth versions compare too: tasks are matched by their stable key.
        </EmptyState>
      )}
    </>
  );
}

async function Comparison({ a, b, page }: { a: string; b: string; page: number }) {
  const [runA, runB, agreement] = await Promise.all([getRun({ id: a }), getRun({ id: b }), compareRuns({ a, b, page })]);
  if (!runA || !runB) notFound();
  return (
    <CompareView
      a={runA}
      b={runB}
      agreement={agreement}
      pager={
        <Pager
          page={agreement.page}
          pages={agreement.pages}
          href={(target) => `/runs/compare?a=${a}&b=${b}${target > 0 ? `&page=${target}` : ""}`}
          testId="flipped-pager"
        />
      }
    />
  );
}
