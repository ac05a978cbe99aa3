import { buttonClasses } from "@/components/ui/button";
import type { ComparableRun } from "@/lib/queries/runs";
import { comparableRunLabel } from "./compare-picker";

/** GET form: tick 2 to 10 runs of one dataset (grouped by dataset; runs on different datasets never compare). */
export function ManyRunsPicker({ runs, chosen, max }: { runs: readonly ComparableRun[]; chosen: readonly string[]; max: number }) {
  const datasets = [...new Map(runs.map((run) => [run.dataset, run])).values()];
  return (
    <form method="get" action="/runs/compare/many" className="mb-6 rounded-xl border border-line bg-surface px-5 py-4" data-testid="many-runs-picker">
      <div className="grid max-h-72 gap-4 overflow-y-auto sm:grid-cols-2">
        {datasets.map((dataset) => (
          <fieldset key={dataset.dataset} className="min-w-0">
            <legend className="mb-1 text-xs font-semibold text-muted">
              {dataset.datasetName} ({dataset.dataset}{dataset.datasetKind === "generated" ? ", generated" : ""})
            </legend>
            {runs
              .filter((run) => run.dataset === dataset.dataset)
              .map((run) => (
                <label key={run.id} className="flex items-start gap-2 py-0.5 text-sm">
                  <input type="checkbox" name="runs" value={run.id} defaultChecked={chosen.includes(run.id)} className="mt-1" data-testid="many-runs-option" data-run-name={run.name} />
                  <span className="min-w-0 break-words">{comparableRunLabel(run)}</span>
                </label>
              ))}
          </fieldset>
        ))}
      </div>
      <button type="submit" className={buttonClasses({}) + " mt-3"} data-testid="many-runs-submit">
        Compare up to {max} runs
      </button>
    </form>
  );
}
