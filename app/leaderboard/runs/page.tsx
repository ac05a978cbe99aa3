import { Suspense } from "react";
import type { Metadata } from "next";
import Link from "next/link";
import { z } from "zod";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Pager } from "@/components/ui/pager";
import { PageHeader } from "@/components/ui/page-header";
import { AccuracyByModelChart } from "@/components/charts/accuracy-by-model-chart";
import { FilterTabs, queryString } from "@/components/leaderboard/filter-tabs";
import { LeaderboardTable } from "@/components/leaderboard/leaderboard-table";
import { PanelSkeleton } from "@/components/runs/panel-skeleton";
import { NoRunsState, datasetTabLabel } from "@/components/leaderboard/no-runs-state";
import { boardHasNoRuns, defaultBoardDataset } from "@/lib/datasets/board-dataset";
import { listBoardDatasets } from "@/lib/queries/board-datasets";
import { TagFilter } from "@/components/runs/tag-filter";
import { listRunTags } from "@/lib/queries/runs";
import { getLeaderboard, LEADERBOARD_PAGE_SIZE, LEADERBOARD_SORTS, type LeaderboardSort } from "@/lib/queries/leaderboard";
import { PROTOCOL_IDS, SCORING_REVISIONS } from "@/lib/workbench/protocols/types";
import { GROUND_TRUTH_VERSIONS, type GroundTruthVersion } from "@/lib/workbench/datasets/types";
import { TOOL_SETS } from "@/lib/settings/launch-options";

export const metadata: Metadata = { title: "Leaderboard · runs" };

const REVISIONS_2026 = SCORING_REVISIONS.filter((revision) => revision.startsWith("2026"));

/** Tab labels, one per known value: a new ground truth or tool set fails the type check until it has one. */
const GROUND_TRUTH_LABELS: Record<GroundTruthVersion, string> = { v1: "v1 (2024)", v2026: "v2026" };
const TOOL_SET_LABELS: Record<(typeof TOOL_SETS)[number], string> = { all: "All tools", domains: "Domain tools" };

const searchSchema = z.object({
  ds: z.string().regex(/^[a-z0-9_-]+$/).optional().catch(undefined),
  gt: z.enum(GROUND_TRUTH_VERSIONS).catch("v1"),
  tools: z.enum(TOOL_SETS).optional().catch(undefined),
  protocol: z.enum(PROTOCOL_IDS).optional().catch(undefined),
  rev: z.enum(SCORING_REVISIONS).optional().catch(undefined),
  sort: z.enum(LEADERBOARD_SORTS).catch("accuracy"),
  dir: z.enum(["asc", "desc"]).catch("desc"),
  tag: z.string().trim().min(1).max(40).optional().catch(undefined),
  tests: z.enum(["1"]).optional().catch(undefined),
  page: z.coerce.number().int().min(0).catch(0),
});
type LeaderboardSearch = z.infer<typeof searchSchema>;

function hrefWith(search: LeaderboardSearch, change: Partial<LeaderboardSearch>) {
  const next = { ...search, ...change };
  // The revision tabs are shown under protocol 2026 only (2024 has one revision). Changing a filter or
  // the sort starts again at the first page.
  const rev = next.protocol === "2026" ? next.rev : undefined;
  const page = change.page ?? 0;
  return `/leaderboard/runs${queryString({ ds: next.ds, gt: next.gt, tools: next.tools, protocol: next.protocol, rev, tag: next.tag, tests: next.tests, sort: next.sort, dir: next.dir, page: page > 0 ? String(page) : undefined })}`;
}

export default async function RunLeaderboardPage({ searchParams }: { searchParams: Promise<Record<string, string | string[]>> }) {
  const parsed = searchSchema.parse(await searchParams);
  const [datasets, tags] = await Promise.all([listBoardDatasets(), listRunTags()]);
  // Runs are comparable only on the same dataset: one that has runs by default (the official one unless it has none).
  const search = { ...parsed, ds: datasets.some((d) => d.slug === parsed.ds) ? parsed.ds : defaultBoardDataset(datasets) };
  const shown = datasets.find((dataset) => dataset.slug === search.ds);
  return (
    <>
      <PageHeader
        eyebrow={<Link href="/leaderboard" className="hover:text-ink">← Leaderboard</Link>}
        title="Individual runs"
        description="One row per finished or imported run. Accuracy counts a task correct when the final sandbox state equals the ground truth's; the bracket is the 95 % Wilson interval."
      />
      <div className="mb-4 flex flex-wrap items-center gap-6">
        {datasets.length > 1 ? (
          <FilterTabs
            label="Dataset"
            testId="filter-dataset"
            current={search.ds}
            options={datasets.map((dataset) => ({ value: dataset.slug, label: datasetTabLabel(dataset) }))}
            hrefFor={(ds) => hrefWith(search, { ds })}
          />
        ) : null}
        <FilterTabs
          label="Ground truth"
          testId="filter-gt"
          current={search.gt}
          options={GROUND_TRUTH_VERSIONS.map((value) => ({ value, label: GROUND_TRUTH_LABELS[value] }))}
          hrefFor={(gt) => hrefWith(search, { gt: GROUND_TRUTH_VERSIONS.find((known) => known === gt) ?? "v1" })}
        />
        <FilterTabs
          label="Tool set"
          testId="filter-tools"
          current={search.tools}
          options={[{ value: undefined, label: "Any" }, ...TOOL_SETS.map((value) => ({ value, label: TOOL_SET_LABELS[value] }))]}
          hrefFor={(tools) => hrefWith(search, { tools: TOOL_SETS.find((known) => known === tools) })}
        />
        <FilterTabs
          label="Protocol"
          testId="filter-protocol"
          current={search.protocol}
          options={[{ value: undefined, label: "Any" }, ...PROTOCOL_IDS.map((value) => ({ value, label: value }))]}
          hrefFor={(protocol) => hrefWith(search, { protocol: PROTOCOL_IDS.find((known) => known === protocol), rev: undefined })}
        />
        {search.protocol === "2026" && (
          <FilterTabs
            label="Scoring revision"
            testId="filter-revision"
            current={search.rev}
            options={[{ value: undefined, label: "Any" }, ...REVISIONS_2026.map((value) => ({ value, label: value }))]}
            hrefFor={(rev) => hrefWith(search, { rev: SCORING_REVISIONS.find((known) => known === rev) })}
          />
        )}
        <TagFilter tags={tags} current={search.tag} hrefFor={(tag) => hrefWith(search, { tag })} testId="filter-tag" />
        <FilterTabs
          label="Test runs"
          testId="filter-tests"
          current={search.tests}
          options={[{ value: undefined, label: "Hidden" }, { value: "1", label: "Shown" }]}
          hrefFor={(tests) => hrefWith(search, { tests: tests === "1" ? "1" : undefined })}
        />
      </div>
      <Suspense key={JSON.stringify(search)} fallback={<PanelSkeleton rows={10} />}>
        {shown && boardHasNoRuns(shown, search.tests === "1") ? <NoRunsState dataset={shown} /> : <LeaderboardPanels search={search} />}
      </Suspense>
    </>
  );
}

async function LeaderboardPanels({ search }: { search: LeaderboardSearch }) {
  const { rows, references, total, page, pages } = await getLeaderboard({
    dataset: search.ds,
    groundTruth: search.gt,
    toolSet: search.tools,
    protocol: search.protocol,
    scoringRevision: search.rev,
    tag: search.tag,
    includeTests: search.tests === "1",
    sort: search.sort,
    direction: search.dir,
    page: search.page,
  });
  if (rows.length === 0 && references.length === 0) {
    return (
      <EmptyState title="No finished runs for this filter" testId="leaderboard-empty">
        Runs on this dataset are scored against another ground truth, tool set or protocol: choose another tab above.
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
      {rows.length ? (
        <Card>
          <LeaderboardTable
            rows={rows}
            sort={search.sort}
            direction={search.dir}
            sortHref={(sort: LeaderboardSort, dir) => hrefWith(search, { sort, dir })}
            firstRank={page * LEADERBOARD_PAGE_SIZE + 1}
          />
          <Pager page={page} pages={pages} href={(target) => hrefWith(search, { page: target })} testId="leaderboard-pager" />
        </Card>
      ) : null}
      {references.length ? (
        <Card data-testid="reference-agents">
          <CardHeader
            title="Reference agents (not ranked)"
            description="oracle replays the ground truth, noop does nothing: they bound the scale and are not ranked among models."
          />
          <LeaderboardTable
            rows={references}
            sort={search.sort}
            direction={search.dir}
            sortHref={(sort: LeaderboardSort, dir) => hrefWith(search, { sort, dir })}
            ranked={false}
            testId="reference-table"
          />
        </Card>
      ) : null}
      {rows.length ? (
        <Card>
          <CardHeader
            title="Accuracy by model"
            description={`Bars: accuracy; whiskers: 95 % Wilson interval.${pages > 1 ? ` The ${rows.length} runs of this page (of ${total}).` : ""}`}
          />
          <div className="px-3 py-3">
            <AccuracyByModelChart data={chartData} />
          </div>
        </Card>
      ) : null}
    </div>
  );
}
