import { ButtonLink } from "@/components/ui/button";
import { OFFICIAL_DATASET_SLUG } from "@/lib/datasets/official-slug";
import { ALL_DATASETS, configSearchString, type ConfigSearch } from "@/lib/metrics/config-search";
import type { BoardDataset } from "@/lib/datasets/board-dataset";
import { FilterTabs } from "./filter-tabs";
import { datasetTabLabel } from "./no-runs-state";

interface Options {
  readonly groundTruths: readonly string[];
  readonly protocols: readonly string[];
  readonly revisions: readonly string[];
  readonly toolSets: readonly string[];
  readonly agents: readonly string[];
  readonly providers: readonly string[];
  readonly domains: readonly string[];
  /** Every tag of a listed run (the tag filter keeps the configurations that have a run with it). */
  readonly tags: readonly string[];
}

const selectClasses = "rounded-md border border-line bg-surface px-2 py-1 text-sm text-ink";

/**
 * The dataset as one-click tabs (every imported dataset, runs or not; the one with runs the board opens
 * on is the default; "all" one click away, never mixed in silently), then a plain GET form for the
 * rest: the filters live in the URL, work without JavaScript and survive a reload.
 */
export function ConfigFilters({
  search,
  options,
  datasets,
  opensOn,
}: {
  search: ConfigSearch;
  options: Options;
  datasets: readonly BoardDataset[];
  opensOn: string | undefined;
}) {
  // The official tab's link names no dataset only when the official dataset is the default.
  const hrefFor = (dataset: string | undefined) =>
    `/leaderboard${configSearchString(search, { dataset: dataset === OFFICIAL_DATASET_SLUG && opensOn === OFFICIAL_DATASET_SLUG ? undefined : dataset })}`;
  return (
    <div className="space-y-3">
      <FilterTabs
        label="Dataset"
        testId="filter-dataset-tabs"
        current={search.dataset ?? OFFICIAL_DATASET_SLUG}
        options={[...datasets.map((dataset) => ({ value: dataset.slug, label: datasetTabLabel(dataset) })), { value: ALL_DATASETS, label: "All datasets" }]}
        hrefFor={hrefFor}
      />
      <FilterForm search={search} options={options} />
    </div>
  );
}

function FilterForm({ search, options }: { search: ConfigSearch; options: Options }) {
  const select = (name: keyof ConfigSearch, label: string, values: readonly string[]) => (
    <label className="flex flex-col gap-1 text-xs font-medium text-muted">
      {label}
      <select name={name} defaultValue={(search[name] as string | undefined) ?? ""} className={selectClasses} data-testid={`filter-${name}`}>
        <option value="">Any</option>
        {values.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <form method="get" action="/leaderboard" className="flex flex-wrap items-end gap-3" data-testid="config-filters">
      {search.dataset ? <input type="hidden" name="dataset" value={search.dataset} /> : null}
      {select("gt", "Ground truth", options.groundTruths)}
      {select("protocol", "Protocol", options.protocols)}
      {select("rev", "Scoring revision", options.revisions)}
      {select("tools", "Tool set", options.toolSets)}
      {select("agent", "Agent", options.agents)}
      {select("provider", "Provider", options.providers)}
      {select("domain", "Domain", options.domains)}
      {options.tags.length > 0 || search.tag ? select("tag", "Tag", options.tags) : null}
      <label className="flex items-center gap-1.5 pb-1 text-sm text-ink">
        <input type="checkbox" name="partial" value="1" defaultChecked={search.partial === "1"} className="accent-accent" data-testid="filter-partial" />
        Include partial runs
      </label>
      <label className="flex items-center gap-1.5 pb-1 text-sm text-ink" title="Runs on the mock endpoint or a test endpoint, or marked as tests: off the board and the frontier unless ticked">
        <input type="checkbox" name="tests" value="1" defaultChecked={search.tests === "1"} className="accent-accent" data-testid="filter-tests" />
        Include test runs
      </label>
      {search.sort !== "passAt1" ? <input type="hidden" name="sort" value={search.sort} /> : null}
      {search.dir !== "desc" ? <input type="hidden" name="dir" value={search.dir} /> : null}
      <button type="submit" className="rounded-md bg-accent px-3 py-1.5 text-sm font-medium text-white" data-testid="filter-apply">
        Apply
      </button>
      <ButtonLink href="/leaderboard" variant="secondary" size="sm">
        Reset
      </ButtonLink>
    </form>
  );
}
