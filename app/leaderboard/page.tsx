import { Suspense } from "react";
import type { Metadata } from "next";
import { z } from "zod";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { AccuracyByModelChart } from "@/components/charts/accuracy-by-model-chart";
import { FilterTabs, queryString } from "@/components/leaderboard/filter-tabs";
import { LeaderboardTable } from "@/components/leaderboard/leaderboard-table";
import { PanelSkeleton } from "@/components/runs/panel-skeleton";
import { getLeaderboard, LEADERBOARD_SORTS, type LeaderboardSort } from "@/lib/queries/leaderboard";

export const metadata: Metadata = { title: "Leaderboard" };

const searchSchema = z.object({
  gt: z.enum(["v1", "v2026"]).catch("v1"),
  tools: z.enum(["all", "domains"]).optional().catch(undefined),
  sort: z.enum(LEADERBOARD_SORTS).catch("accuracy"),
  dir: z.enum(["asc", "desc"]).catch("desc"),
});
type LeaderboardSearch = z.infer<typeof searchSchema>;

function hrefWith(search: LeaderboardSearch, change: Partial<LeaderboardSearch>) {
  const next = { ...search, ...change };
  return `/leaderboard${queryString({ gt: next.gt, tools: next.tools, sort: next.sort, dir: next.dir })}`;
}

export default async function LeaderboardPage({ searchParams }: { searchParams: Promise<Record<string, string | string[]>> }) {
  const search = searchSchema.parse(await searchParams);
  return (
    <>
      <PageHeader
        title="Leaderboard"
        description="One row per finished or imported run. Accuracy counts a task correct when the final sandbox state equals the ground truth's; the bracket is the 95 % Wilson interval."
      />
      <div className="mb-4 flex flex-wrap items-center gap-6">
        <FilterTabs
          label="Ground truth"
          testId="filter-gt"
          current={search.gt}
          options={[
            { value: "v1", label: "v1 (2024)" },
            { value: "v2026", label: "v2026" },
          ]}
          hrefFor={(gt) => hrefWith(search, { gt: gt === "v2026" ? "v2026" : "v1" })}
        />
        <FilterTabs
          label="Tool set"
          testId="filter-tools"
          current={search.tools}
          options={[
            { value: undefined, label: "Any" },
            { value: "all", label: "All tools" },
            { value: "domains", label: "Domain tools" },
          ]}
          hrefFor={(tools) => hrefWith(search, { tools: tools === "all" || tools === "domains" ? tools : undefined })}
        />
      </div>
      <Suspense key={JSON.stringify(search)} fallback={<PanelSkeleton rows={10} />}>
        <LeaderboardPanels search={search} />
      </Suspense>
    </>
  );
}

async function LeaderboardPanels({ search }: { search: LeaderboardSearch }) {
  const rows = await getLeaderboard({ groundTruth: search.gt, toolSet: search.tools, sort: search.sort, direction: search.dir });
  if (rows.length === 0) {
    return (
      <EmptyState title="No finished runs for this filter" testId="leaderboard-empty">
        Import the paper&apos;s recorded results with <code>npm run workbench -- import-results</code> or launch a run.
      </EmptyState>
    );
  }
  const chartData = [...rows]
    .sort((a, b) => b.accuracy - a.accuracy)
    .map((row) => ({
      label: `${row.label} · ${row.toolSet}`,
      accuracy: row.accuracy,
      interval: [
        row.accuracy - (row.accuracyInterval?.low ?? row.accuracy),
        (row.accuracyInterval?.high ?? row.accuracy) - row.accuracy,
      ] as const,
    }));
  return (
    <div className="space-y-6">
      <Card>
        <LeaderboardTable
          rows={rows}
          sort={search.sort}
          direction={search.dir}
          sortHref={(sort: LeaderboardSort, dir) => hrefWith(search, { sort, dir })}
        />
      </Card>
      <Card>
        <CardHeader title="Accuracy by model" description="Bars: accuracy; whiskers: 95 % Wilson interval." />
        <div className="px-3 py-3">
          <AccuracyByModelChart data={chartData} />
        </div>
      </Card>
    </div>
  );
}
