import { DOMAINS } from "@/lib/workbench/datasets/types";
import { buttonClasses } from "@/components/ui/button";
import { controlClasses } from "./form-field";

export interface ResultSearch {
  readonly domain?: string;
  readonly verdict?: "correct" | "wrong";
  readonly side?: "yes" | "no";
  readonly error?: "yes" | "no";
  readonly q?: string;
}

/** A plain GET form: filters live in the URL and work without JavaScript. */
export function ResultFilters({ action, search }: { action: string; search: ResultSearch }) {
  const select = "w-auto " + controlClasses;
  return (
    <form method="get" action={action} className="flex flex-wrap items-end gap-2 px-5 py-3" data-testid="result-filters">
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
      <input name="q" defaultValue={search.q ?? ""} placeholder="Search task text" className={"w-56 " + controlClasses} aria-label="Search" />
      <button type="submit" className={buttonClasses({ variant: "secondary", size: "sm" })}>
        Filter
      </button>
    </form>
  );
}
