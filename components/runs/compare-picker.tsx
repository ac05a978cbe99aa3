import { buttonClasses } from "@/components/ui/button";
import { inputClasses } from "./form-field";

interface RunOption {
  readonly id: string;
  readonly name: string;
  readonly groundTruth: string;
}

/** GET form choosing the two runs to compare. */
export function ComparePicker({ runs, a, b }: { runs: readonly RunOption[]; a?: string; b?: string }) {
  const select = (name: "a" | "b", value?: string) => (
    <label className="flex min-w-0 flex-1 flex-col gap-1 text-xs font-medium text-muted">
      Run {name.toUpperCase()}
      <select name={name} defaultValue={value ?? ""} className={inputClasses} data-testid={`compare-${name}`}>
        <option value="">Choose a run…</option>
        {runs.map((run) => (
          <option key={run.id} value={run.id}>
            [{run.groundTruth}] {run.name}
          </option>
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
