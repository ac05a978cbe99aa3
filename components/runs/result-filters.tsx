import { DOMAINS } from "@/lib/workbench/datasets/types";
import { controlClasses } from "./form-field";
import { FilterForm } from "./filter-form";

export interface ResultSearch {
  readonly domain?: string;
  readonly verdict?: "correct" | "wrong";
  readonly side?: "yes" | "no";
  readonly error?: "yes" | "no";
  readonly q?: string;
}

/** Filters of a run's results (FilterForm: in the URL, no JavaScript needed). */
export function ResultFilters({ action, search }: { action: string; search: ResultSearch }) {
  const select = "w-auto " + controlClasses;
  return (
    <FilterForm action={action} testId="result-filters" q={search.q}>
      <select name="domain" defaultValue={search.domain ?? ""} className={select} aria-label="Domain">
        <option value="">All domains</option>
        {DOMAINS.map((domain) => (
          <option key={domain} value={domain}>
            {domain}
          </option>
        ))}
      </select>
      <select name="verdict" defaultValue={search.verdict ?? ""} className={select} aria-label="Verdict">
        <option value="">Correct or wrong</option>
        <option value="correct">Correct</option>
        <option value="wrong">Wrong</option>
      </select>
      <select name="side" defaultValue={search.side ?? ""} className={select} aria-label="Side effects">
        <option value="">Any side effects</option>
        <option value="yes">With side effects</option>
        <option value="no">Without side effects</option>
      </select>
      <select name="error" defaultValue={search.error ?? ""} className={select} aria-label="Run error">
        <option value="">Any error</option>
        <option value="yes">With run error</option>
        <option value="no">Without run error</option>
      </select>
    </FilterForm>
  );
}
