import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Pager } from "@/components/ui/pager";
import { FrontierChart, type FrontierChartPoint } from "@/components/charts/frontier-chart";
import { formatUsd, withEstimateLabel } from "@/lib/costs/estimated-label";
import { configKeyParam } from "@/lib/metrics/config-leaderboard";
import type { ConfigSort } from "@/lib/metrics/config-leaderboard";
import { configQueryOf, configSearchString, datasetOf, type ConfigSearch } from "@/lib/metrics/config-search";
import { boardHasNoRuns, defaultBoardDataset } from "@/lib/datasets/board-dataset";
import { OFFICIAL_DATASET_SLUG } from "@/lib/datasets/official-slug";
import { listBoardDatasets } from "@/lib/queries/board-datasets";
import { paretoFrontier } from "@/lib/metrics/pareto";
import { getConfigLeaderboard } from "@/lib/queries/config-leaderboard";
import { ConfigFilters } from "./config-filters";
import { ConfigTable } from "./config-table";
import { NoRunsState } from "./no-runs-state";

/**
 * Configurations per page of the table: the page's HTML grows with its rows (each is rendered twice, as
 * HTML and as RSC payload, about 6.5 KB a row since the rank band, noise and profile columns), so a board
 * of hundreds stays small: 12 rows keep the page under 150 KiB at 64 configurations (npm run bench --
 * pages). The frontier chart and the exports keep every configuration.
 */
export const CONFIG_PAGE_SIZE = 12;

/**
 * The board is wider than the page's column on large screens, so every column of its table shows at
 * 1,440 px; the filters above it stay aligned with the page's header.
 */
const WIDE = "space-y-6 xl:relative xl:left-1/2 xl:w-[calc(100vw-3rem)] xl:max-w-[1600px] xl:-translate-x-1/2";

const roundTo = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Filters, the configuration table (paged) with its exports, and the cost/accuracy frontier of all its rows. */
export async function ConfigBoard({ search: requested }: { search: ConfigSearch }) {
  const datasets = await listBoardDatasets();
  // Without a dataset in the URL the board opens on one that has runs (the official one unless it has none).
  const opensOn = defaultBoardDataset(datasets);
  const search = requested.dataset || !opensOn || opensOn === OFFICIAL_DATASET_SLUG ? requested : { ...requested, dataset: opensOn };
  const shown = datasets.find((dataset) => dataset.slug === datasetOf(search));
  const { rows: allRows, options } = await getConfigLeaderboard(configQueryOf(search));
  // Reference agents (oracle, noop) bound the scale; they are listed apart, never ranked among models.
  const rows = allRows.filter((row) => !row.reference);
  const references = allRows.filter((row) => row.reference);
  const domains = search.domain ? [search.domain] : options.domains;
  const query = configSearchString(search);
  const sortHref = (sort: ConfigSort, dir: "asc" | "desc") => `/leaderboard${configSearchString(search, { sort, dir })}`;
  // Only priced configurations compete: a model-less agent (oracle, noop) costs $0 and has no place on a log axis.
  const priced = rows.map((row) => ({ id: row.key, cost: row.costPerTask !== null && row.costPerTask > 0 ? row.costPerTask : null, accuracy: row.passAt1 }));
  const frontier = new Set(paretoFrontier(priced));
  // Every configuration is a point (the chart is not paged), so each point stays small: a short id and
  // figures rounded far below what the chart or its tooltip can show.
  const points: FrontierChartPoint[] = rows.flatMap((row, index) =>
    row.costPerTask === null || row.costPerTask <= 0
      ? []
      : [{
          id: String(index),
          label: `${row.label} · ${row.agent} · ${row.toolSet}`,
          shortLabel: `${row.label} · ${row.toolSet}`,
          href: `/leaderboard/configurations/${configKeyParam(row.key)}`,
          cost: Number(row.costPerTask.toPrecision(4)),
          estimated: row.costEstimated,
          accuracy: roundTo(row.passAt1, 4),
          sideEffectRate: roundTo(row.sideEffectRate, 4),
          onFrontier: frontier.has(row.key),
        }],
  );
  const unplaced = rows.length - points.length;
  const pages = Math.max(1, Math.ceil(rows.length / CONFIG_PAGE_SIZE));
  const page = Math.min(search.page ?? 0, pages - 1);
  const pageRows = rows.slice(page * CONFIG_PAGE_SIZE, (page + 1) * CONFIG_PAGE_SIZE);
  const pageHref = (target: number) => `/leaderboard${configSearchString(search, { page: target })}`;
  return (
    <div className="space-y-6">
      <ConfigFilters search={search} options={options} datasets={datasets} opensOn={opensOn} />
      <div className={WIDE} data-testid="leaderboard-wide">
        {shown && boardHasNoRuns(shown, search.tests === "1") ? (
          <NoRunsState dataset={shown} />
        ) : rows.length === 0 ? (
          <EmptyState title={references.length ? "No model configuration matches these filters, only reference agents" : "No configuration matches these filters"} testId="leaderboard-empty">
            Partial runs (a limit or a domain filter) are left out unless &quot;Include partial runs&quot; is ticked; other
            filters above may leave nothing.
          </EmptyState>
        ) : (
          <>
            <Card>
              <CardHeader
                title={`Agent configurations${search.domain ? ` · ${search.domain}` : ""}`}
                description={`${search.domain ? `Each configuration's results on the ${search.domain} tasks of its runs. ` : ""}Trials and repeated runs of one configuration pooled; pass@1 with its 95 % Wilson interval; Rank: the ranks a paired test on shared tasks allows (hover a band for why); Noise where a configuration repeats; — where nothing is known.${pages > 1 ? ` ${rows.length} configurations, ${CONFIG_PAGE_SIZE} a page; the chart and the exports have all of them.` : ""}`}
                actions={
                  <span className="flex gap-3 text-xs">
                    <a href={`/leaderboard/export${query ? `${query}&` : "?"}format=csv`} className="text-accent" data-testid="export-csv" download>
                      CSV
                    </a>
                    <a href={`/leaderboard/export${query ? `${query}&` : "?"}format=json`} className="text-accent" data-testid="export-json" download>
                      JSON
                    </a>
                  </span>
                }
              />
              <ConfigTable rows={pageRows} board={allRows} domains={domains} sort={search.sort} direction={search.dir} sortHref={sortHref} />
              <Pager page={page} pages={pages} href={pageHref} testId="config-pager" />
            </Card>
            <Card data-testid="frontier-card">
              <CardHeader
                title="Accuracy vs cost"
                description={`Cost per task on a log scale; larger and redder points change the sandbox wrongly more often; the line is the Pareto frontier.${points.some((point) => point.estimated) ? " Costs marked (est.) are estimated from the recorded prompts and responses at 2024 list prices (docs/scoring-fidelity.md, Estimated costs)." : ""}${unplaced ? ` ${unplaced} configuration${unplaced === 1 ? "" : "s"} with unknown or zero cost not placed.` : ""}`}
              />
              <div className="px-3 py-3">
                {points.length ? <FrontierChart points={points} /> : <p className="px-2 py-6 text-sm text-muted">No configuration has a known cost.</p>}
              </div>
              {points.some((point) => point.onFrontier) ? (
                <p className="px-5 pb-4 text-xs text-muted" data-testid="frontier-list">
                  On the frontier:{" "}
                  {points
                    .filter((point) => point.onFrontier)
                    .sort((a, b) => a.cost - b.cost)
                    .map((point, index) => (
                      <span key={point.id}>
                        {index > 0 ? " · " : ""}
                        <a href={point.href} className="text-accent" data-testid="frontier-member">
                          {point.label}
                        </a>{" "}
                        <span data-testid="frontier-member-cost">{withEstimateLabel(formatUsd(point.cost), point.estimated)}</span>
                      </span>
                    ))}
                </p>
              ) : null}
            </Card>
          </>
        )}
        {references.length ? (
          <Card data-testid="reference-agents">
            <CardHeader
              title="Reference agents (not ranked)"
              description="oracle replays the ground truth (the ceiling a scorer allows), noop does nothing (the score of never acting). They bound the scale; they are not competitors."
            />
            <ConfigTable rows={references} board={allRows} domains={domains} sort={search.sort} direction={search.dir} sortHref={sortHref} testId="reference-table" withProfile={false} />
          </Card>
        ) : null}
      </div>
    </div>
  );
}
