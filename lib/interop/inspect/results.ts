// The log's results: one Inspect EvalScore per verdict (accuracy, side-effect rate, exact match), each
// with the metric over every sample ("all") and per domain, the way Inspect's grouped() metric names
// its groups. Rates are over done task × trial results, as the run page counts them.
import type { ExportResult, ExportRun } from "../run-export";

const VERDICTS = [
  { name: "correct", metric: "accuracy", test: (result: ExportResult) => result.correct },
  { name: "side_effects", metric: "mean", test: (result: ExportResult) => result.sideEffects },
  { name: "exact_match", metric: "accuracy", test: (result: ExportResult) => result.exactMatch },
] as const;

const rate = (results: readonly ExportResult[], test: (result: ExportResult) => boolean) =>
  results.length === 0 ? 0 : results.filter(test).length / results.length;

export function evalResults(run: ExportRun) {
  const domains = [...new Set(run.results.map((result) => result.domain))].sort();
  return {
    total_samples: run.results.length,
    completed_samples: run.results.length,
    scores: VERDICTS.map(({ name, metric, test }) => ({
      name, scorer: `workbench_${name}`, params: {}, scored_samples: run.results.length, unscored_samples: 0,
      metrics: Object.fromEntries([
        ["all", { name: "all", value: rate(run.results, test), params: {}, metadata: { metric } }],
        ...domains.map((domain) => [domain, { name: domain, value: rate(run.results.filter((result) => result.domain === domain), test), params: {}, group: domain, metadata: { metric } }]),
      ]),
    })),
  };
}
