// Predictions that exercise the 2026-only behaviours (calls without .func, positional and non-string
// arguments, repeated keywords, literal searches, padded appended emails, JSON results that raise,
// int(duration), failed calls, the plot end date), scored on the real v2026 sandbox. The expected
// verdicts come from the upstream 2026 evaluator's logic run under Python and pandas
// (fixtures/upstream-verdicts-2026.json says how). Needs the official data: fails, not skips, without it.
import { beforeAll, describe, expect, test } from "vitest";
import { loadDataset, type Dataset } from "../datasets";
import type { Task } from "../datasets/types";
import fixture from "./fixtures/upstream-verdicts-2026.json";
import { createProtocolEvaluator, type ScoringRevision } from ".";
import { testDataDir } from "../test-support/data-dir";

let dataset: Dataset;
beforeAll(async () => {
  dataset = await loadDataset(testDataDir(), "v2026");
}, 60_000);

const task = (index: number, groundTruth: readonly string[]): Task => ({
  key: `upstream/${index}`, domain: "multi_domain", position: index, text: "", groundTruth, baseTemplate: "", chosenTemplate: "", toolkits: [],
});

describe.each(["2026-06", "2026-07"] as const)("revision %s", (revision: ScoringRevision & ("2026-06" | "2026-07")) => {
  test.each(fixture.cases.map((c, index) => [index, c.predicted.join(" ; ").slice(0, 120), c] as const))(
    "case %i: %s",
    (index, _label, c) => {
      const evaluator = createProtocolEvaluator({ protocol: "2026", revision, dataset });
      const verdict = evaluator.scoreTask(task(index, c.groundTruth), c.predicted, null);
      expect([verdict.correct, verdict.sideEffects, verdict.exactMatch]).toEqual(c[revision]);
    },
  );
});
