import { buttonClasses } from "@/components/ui/button";
import type { ComparableRun } from "@/lib/queries/runs";
import { inputClasses } from "./form-field";

/** "gpt-4 run — workbench · v1 r1 · protocol 2024 · completed": what a run is compared as. */
export function comparableRunLabel(run: ComparableRun): string {
  const groundTruth = run.versionRevision === null ? run.groundTruth : `${run.groundTruth} r${run.versionRevision}`;
  const scoring = run.scoringRevision && run.scoringRevision !== run.protocol ? ` (${run.scoringRevision})` : "";
  return `${run.name} — ${run.dataset} · ${groundTruth} · protocol ${run.protocol}${scoring} · ${run.status}`;
}

/** GET form choosing the two runs to compare, grouped by dataset (runs on different datasets never compare). */
export function ComparePicker({ runs, a, b }: { runs: readonly ComparableRun[]; a?: string; b?: string }) {
  const datasets = [...new Map(runs.map((run) => [run.dataset, run])).values()];
  const select = (name: "a" | "b", value?: string) => (
    <label className="flex min-w-0 flex-1 flex-col gap-1 text-xs font-medium text-muted">
      Run {name.toUpperCase()}
      <select name={name} defaultValue={value ?? ""} className={inputClasses} data-testid={`compare-${name}`}>
        <option value="">Choose a run…</option>
        {datasets.map((dataset) => (
          <optgroup key={dataset.dataset} label={`${dataset.datasetName} (${dataset.dataset}${dataset.datasetKind === "generated" ? ", generated" : ""})`}>
            {runs
              .filter((run) => run.dataset === dataset.dataset)
              .map((run) => (
                <option key={run.id} value={run.id} data-dataset={run.dataset} data-status={run.status}>
                  {comparableRunLabel(run)}
                </option>
              ))}
          </optgroup>
        ))}
      </select>
    </label>
  );
  return (
    <form method="get" action="/runs/compare" className="mb-6 flex flex-wrap items-end gap-3" data-testid="compare-picker">
      {select("a", a)}
      {select("b", b)}
      <button type="submit" className={buttonClasses({})}>
        Compare
      </button>
    </form>
  );
}
