import { buttonClasses } from "@/components/ui/button";
import { controlClasses } from "@/components/runs/form-field";
import type { SearchParams } from "@/lib/queries/search-filters";

export interface SearchFilterOptions {
  readonly datasets: readonly { slug: string; name: string }[];
  readonly runs: readonly { id: string; name: string }[];
  readonly configs: readonly { value: string; label: string }[];
  readonly domains: readonly string[];
  readonly tools: readonly string[];
  /** Primary causes of wrong answers (the run page's), for the cause filter. */
  readonly causes: readonly { id: string; label: string }[];
}

/** One box and the filters, as a plain GET form: a search is a URL, and works without JavaScript. */
export function SearchForm({ params, options }: { params: SearchParams; options: SearchFilterOptions }) {
  const select = "w-auto max-w-64 " + controlClasses;
  return (
    <form method="get" action="/search" className="mb-6 flex flex-col gap-3" data-testid="search-form" role="search">
      <div className="flex gap-2">
        <input
          name="q"
          type="search"
          defaultValue={params.q}
          placeholder="Search task text, model messages, tool calls and outputs"
          className={"min-w-0 flex-1 " + controlClasses}
          aria-label="Search traces"
          data-testid="search-box"
        />
        <button type="submit" className={buttonClasses({ size: "sm" })} data-testid="search-submit">
          Search
        </button>
      </div>
      <div className="flex flex-wrap gap-2">
        <select name="in" defaultValue={params.in} className={select} aria-label="Search in" data-testid="search-in">
          <option value="steps">In steps (messages, calls, outputs)</option>
          <option value="tasks">In task text</option>
        </select>
        <select name="dataset" defaultValue={params.dataset ?? ""} className={select} aria-label="Dataset" data-testid="search-dataset">
          <option value="">All datasets</option>
          {options.datasets.map((dataset) => (
            <option key={dataset.slug} value={dataset.slug}>{dataset.name} ({dataset.slug})</option>
          ))}
        </select>
        <select name="run" defaultValue={params.run ?? ""} className={select} aria-label="Run" data-testid="search-run">
          <option value="">All runs</option>
          {options.runs.map((run) => (
            <option key={run.id} value={run.id}>{run.name}</option>
          ))}
        </select>
        <select name="config" defaultValue={params.config ?? ""} className={select} aria-label="Configuration" data-testid="search-config">
          <option value="">All configurations</option>
          {options.configs.map((config) => (
            <option key={config.value} value={config.value}>{config.label}</option>
          ))}
        </select>
        <select name="domain" defaultValue={params.domain ?? ""} className={select} aria-label="Domain" data-testid="search-domain">
          <option value="">All domains</option>
          {options.domains.map((domain) => (
            <option key={domain} value={domain}>{domain}</option>
          ))}
        </select>
        <select name="tool" defaultValue={params.tool ?? ""} className={select} aria-label="Tool" data-testid="search-tool">
          <option value="">Any tool</option>
          {options.tools.map((tool) => (
            <option key={tool} value={tool}>{tool}</option>
          ))}
        </select>
        <select name="verdict" defaultValue={params.verdict ?? ""} className={select} aria-label="Verdict" data-testid="search-verdict">
          <option value="">Any verdict</option>
          <option value="correct">Correct</option>
          <option value="wrong">Wrong</option>
          <option value="side-effects">With side effects</option>
          <option value="unscored">Not scored</option>
        </select>
        <select name="cause" defaultValue={params.cause ?? ""} className={select} aria-label="Cause" data-testid="search-cause">
          <option value="">Any cause</option>
          {options.causes.map((cause) => (
            <option key={cause.id} value={cause.id}>Wrong: {cause.label.toLowerCase()}</option>
          ))}
        </select>
      </div>
    </form>
  );
}
