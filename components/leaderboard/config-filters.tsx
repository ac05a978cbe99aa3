import { ButtonLink } from "@/components/ui/button";
import type { ConfigSearch } from "@/lib/metrics/config-search";

interface Options {
  readonly datasets: readonly string[];
  readonly groundTruths: readonly string[];
  readonly protocols: readonly string[];
  readonly revisions: readonly string[];
  readonly toolSets: readonly string[];
  readonly agents: readonly string[];
  readonly providers: readonly string[];
  readonly domains: readonly string[];
}

const selectClasses = "rounded-md border border-line bg-surface px-2 py-1 text-sm text-ink";

/** A plain GET form: the filters live in the URL, work without JavaScript and survive a reload. */
export function ConfigFilters({ search, options }: { search: ConfigSearch; options: Options }) {
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
      {select("dataset", "Dataset", options.datasets)}
      {select("gt", "Ground truth", options.groundTruths)}
      {select("protocol", "Protocol", options.protocols)}
      {select("rev", "Scoring revision", options.revisions)}
      {select("tools", "Tool set", options.toolSets)}
      {select("agent", "Agent", options.agents)}
      {select("provider", "Provider", options.providers)}
      {select("domain", "Domain", options.domains)}
      <label className="flex items-center gap-1.5 pb-1 text-sm text-ink">
        <input type="checkbox" name="partial" value="1" defaultChecked={search.partial === "1"} className="accent-accent" data-testid="filter-partial" />
        Include partial runs
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
