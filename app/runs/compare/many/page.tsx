import { Suspense } from "react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { z } from "zod";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Pager } from "@/components/ui/pager";
import { PageHeader } from "@/components/ui/page-header";
import { ManyRunsPicker } from "@/components/runs/many-runs-picker";
import { PanelSkeleton } from "@/components/runs/panel-skeleton";
import { FlipsTable, TaskHeatmap, TemplateHeatmap } from "@/components/runs/verdict-heatmap";
import { compareManyRuns, MAX_COMPARED_RUNS, MIN_COMPARED_RUNS } from "@/lib/queries/compare-many";
import { listComparableRuns } from "@/lib/queries/runs";

export const metadata: Metadata = { title: "Compare many runs" };

/** Task rows per page of the heatmap. */
const ROWS_PER_PAGE = 100;

const searchSchema = z.object({
  runs: z.preprocess((value) => (value === undefined ? [] : [value].flat()), z.array(z.string().min(1)).catch([])),
  baseline: z.string().optional().catch(undefined),
  sort: z.enum(["disagreement", "key"]).catch("disagreement"),
  view: z.enum(["tasks", "templates"]).catch("tasks"),
  page: z.coerce.number().int().min(0).catch(0),
});
type Search = z.infer<typeof searchSchema>;

function hrefOf(search: Search, change: Partial<Search>): string {
  const next = { ...search, ...change };
  const query = new URLSearchParams();
  for (const id of next.runs) query.append("runs", id);
  if (next.baseline) query.set("baseline", next.baseline);
  if (next.sort !== "disagreement") query.set("sort", next.sort);
  if (next.view !== "tasks") query.set("view", next.view);
  if (next.page > 0) query.set("page", String(next.page));
  return `/runs/compare/many?${query}`;
}

export default async function CompareManyPage({ searchParams }: { searchParams: Promise<Record<string, string | string[]>> }) {
  const parsed = searchSchema.parse(await searchParams);
  const search = { ...parsed, runs: [...new Set(parsed.runs)] };
  const runs = await listComparableRuns({ include: search.runs });
  const enough = search.runs.length >= MIN_COMPARED_RUNS && search.runs.length <= MAX_COMPARED_RUNS;
  return (
    <>
      <PageHeader
        title="Compare many runs"
        description={
          <>
            Verdicts of {MIN_COMPARED_RUNS} to {MAX_COMPARED_RUNS} runs of one dataset, task by task and template by template, sorted by disagreement, with
            flips against a baseline. <Link href="/runs/compare" className="text-accent">Compare two runs</Link> for McNemar&apos;s test and traces side by side.
          </>
        }
      />
      <ManyRunsPicker runs={runs} chosen={search.runs} max={MAX_COMPARED_RUNS} />
      {enough ? (
        <Suspense key={JSON.stringify(search)} fallback={<PanelSkeleton height={320} />}>
          <Heatmap search={search} names={new Map(runs.map((run) => [run.id, run.name]))} />
        </Suspense>
      ) : (
        <EmptyState title={`Pick ${MIN_COMPARED_RUNS} to ${MAX_COMPARED_RUNS} runs`} testId="many-empty">
          Tick the runs to compare (you picked {search.runs.length}). They must be runs of one dataset: a generated workplace&apos;s tasks are
          different tasks from the official ones.
        </EmptyState>
      )}
    </>
  );
}

async function Heatmap({ search, names }: { search: Search; names: ReadonlyMap<string, string> }) {
  const baseline = Math.max(0, search.runs.indexOf(search.baseline ?? ""));
  const comparison = await compareManyRuns({ runIds: search.runs, baseline, sort: search.sort });
  if (comparison.status === "missing") notFound();
  if (comparison.status === "refused") {
    return <EmptyState title="These runs cannot be compared" testId="many-refused">{comparison.reason}</EmptyState>;
  }
  const runs = search.runs.map((id) => ({ id, name: names.get(id) ?? id }));
  const baselineHref = (index: number) => hrefOf(search, { baseline: search.runs[index], page: 0 });
  const pages = Math.max(1, Math.ceil(comparison.tasks.length / ROWS_PER_PAGE));
  const page = Math.min(search.page, pages - 1);
  const tab = (view: Search["view"], label: string) => (
    <Link href={hrefOf(search, { view, page: 0 })} className={view === search.view ? "font-semibold text-ink" : "text-accent"} data-testid={`many-view-${view}`}>
      {label}
    </Link>
  );
  const sortLink = (
    <Link href={hrefOf(search, { sort: search.sort === "disagreement" ? "key" : "disagreement", page: 0 })} className="text-accent" data-testid="many-sort">
      {search.sort === "disagreement" ? "Sort by task" : "Sort by disagreement"}
    </Link>
  );
  return (
    <div className="flex flex-col gap-6">
      {comparison.differences.length > 0 || comparison.textDiffers > 0 ? (
        <div className="rounded-xl border border-warn/40 bg-warn-soft px-5 py-3 text-sm" role="note" data-testid="many-rules-notice">
          {comparison.differences.length > 0 ? <><strong>Verdicts under different rules</strong> ({comparison.differences.join("; ")}). </> : null}
          {comparison.textDiffers > 0 ? `${comparison.textDiffers} verdicts on a task whose text differs from the baseline's are left out.` : null}
        </div>
      ) : null}
      <Card>
        <CardHeader title="Flips against the baseline" description="Tasks whose verdict differs from the baseline's, on the tasks both runs scored (trial 0)." />
        <FlipsTable runs={runs} flips={comparison.flips} baselineName={runs[baseline]?.name ?? ""} />
      </Card>
      <Card>
        <CardHeader
          title={search.view === "tasks" ? `${comparison.tasks.length} tasks × ${runs.length} runs` : `${comparison.templates.length} template families × ${runs.length} runs`}
          description={search.view === "tasks" ? "Green correct, red wrong, grey not scored; a ringed square flipped against the baseline. Each square opens its trace." : "Each run's accuracy on the tasks of a paper template family; sorted by the spread between runs."}
          actions={<span className="flex gap-3 text-sm">{tab("tasks", "Tasks")}{tab("templates", "Templates")}{sortLink}</span>}
        />
        {search.view === "tasks" ? (
          <>
            <TaskHeatmap runs={runs} rows={comparison.tasks.slice(page * ROWS_PER_PAGE, (page + 1) * ROWS_PER_PAGE)} baseline={baseline} baselineHref={baselineHref} />
            <Pager page={page} pages={pages} href={(target) => hrefOf(search, { page: target })} testId="heatmap-pager" />
          </>
        ) : (
          <TemplateHeatmap runs={runs} rows={comparison.templates} baseline={baseline} baselineHref={baselineHref} />
        )}
      </Card>
    </div>
  );
}
