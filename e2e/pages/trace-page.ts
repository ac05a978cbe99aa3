import type { Locator, Page } from "@playwright/test";

/** /runs/[id]/tasks/[resultId]: the trace inspector. */
export class TracePage {
  readonly taskText: Locator;
  readonly groundTruthCalls: Locator;
  readonly toolSteps: Locator;
  readonly modelSteps: Locator;
  readonly stepDiffs: Locator;
  /** A step's state change folded to a preview (opened: its step-diff tables, fetched on demand). */
  readonly stepDiffFolds: Locator;
  readonly verdictDiff: Locator;

  constructor(readonly page: Page) {
    this.taskText = page.getByTestId("task-text");
    this.groundTruthCalls = page.getByTestId("gt-calls-item");
    this.toolSteps = page.getByTestId("step-tool");
    this.modelSteps = page.getByTestId("step-model");
    this.stepDiffs = page.getByTestId("step-diff");
    this.stepDiffFolds = page.getByTestId("step-diff-fold");
    this.verdictDiff = page.getByTestId("verdict-diff");
  }

  verdict(kind: "correct" | "wrong" | "side-effects"): Locator {
    return this.page.getByTestId("result-header").getByTestId(`verdict-${kind}`);
  }
}
