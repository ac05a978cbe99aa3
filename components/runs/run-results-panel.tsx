import { z } from "zod";
import { Card, CardHeader } from "@/components/ui/card";
import { Pager } from "@/components/ui/pager";
import { queryString } from "@/components/leaderboard/filter-tabs";
import { ResultFilters, type ResultSearch } from "@/components/runs/result-filters";
import { ResultsTable } from "@/components/runs/results-table";
import { listRunResults, RESULT_PAGE_SIZE } from "@/lib/queries/results";
import type { RunDetail } from "@/lib/queries/runs";

const searchSchema = z.object({
  domain: z.string().min(1).optional().catch(undefined),
  verdict: z.enum(["correct", "wrong"]).optional().catch(undefined),
  side: z.enum(["yes", "no"]).optional().catch(undefined),
  error: z.enum(["yes", "no"]).optional().catch(undefined),
  q: z.string().trim().min(1).max(200).optional().catch(undefined),
  page: z.coerce.number().int().min(0).catch(0),
});
export type RunResultSearch = ResultSearch & { readonly page: number };

export function parseResultSearch(params: Record<string, string | string[]>): RunResultSearch {
  return searchSchema.parse(params);
}

const yesNo = (value: "yes" | "no" | undefined) => (value === undefined ? undefined : value === "yes");

export async function RunResultsPanel({ run, search }: { run: RunDetail; search: RunResultSearch }) {
  const { total, rows } = await listRunResults({
    runId: run.id,
    page: search.page,
    filter: { domain: search.domain, verdict: search.verdict, sideEffects: yesNo(search.side), errored: yesNo(search.error), q: search.q },
  });
  const pages = Math.max(1, Math.ceil(total / RESULT_PAGE_SIZE));
  const pageHref = (page: number) =>
    `/runs/${run.id}${queryString({ ...search, page: page > 0 ? String(page) : undefined })}#results`;
  return (
    <Card id="results">
      <CardHeader title="Task results" description={`${total} results match. Open one to inspect its trace.`} />
      <ResultFilters action={`/runs/${run.id}#results`} search={search} />
      <ResultsTable runId={run.id} rows={rows.map((row) => ({ ...row, calls: row.calls.length }))} showTrial={run.trials > 1} />
      <Pager page={search.page} pages={pages} href={pageHref} testId="results-pager" />
    </Card>
  );
}
