import { controlClasses } from "@/components/runs/form-field";
import { FilterForm } from "@/components/runs/filter-form";
import { OFFICIAL_DATASET_SLUG } from "@/lib/datasets/official-slug";

export interface TaskSearch {
  /** Dataset slug (kept by the form; chosen with the dataset tabs above it). */
  readonly ds: string;
  readonly gt: string;
  readonly domain?: string;
  readonly template?: string;
  readonly q?: string;
}

/** GET form over version, domain, template and text; counts come from the database. */
export function TaskFilters({
  search,
  domains,
  templates,
}: {
  search: TaskSearch;
  domains: readonly { domain: string; count: number }[];
  templates: readonly { template: string; count: number }[];
}) {
  const select = "w-auto max-w-80 " + controlClasses;
  return (
    <FilterForm action="/tasks" testId="task-filters" q={search.q}>
      {search.ds !== OFFICIAL_DATASET_SLUG ? <input type="hidden" name="ds" value={search.ds} /> : null}
      <select name="gt" defaultValue={search.gt} className={select} aria-label="Ground truth version">
        <option value="v1">v1 (2024)</option>
        <option value="v2026">v2026</option>
      </select>
      <select name="domain" defaultValue={search.domain ?? ""} className={select} aria-label="Domain">
        <option value="">All domains</option>
        {domains.map(({ domain, count }) => (
          <option key={domain} value={domain}>
            {domain} ({count})
          </option>
        ))}
      </select>
      <select name="template" defaultValue={search.template ?? ""} className={select} aria-label="Template">
        <option value="">All templates ({templates.length})</option>
        {templates.map(({ template, count }) => (
          <option key={template} value={template}>
            {template} ({count})
          </option>
        ))}
      </select>
    </FilterForm>
  );
}
