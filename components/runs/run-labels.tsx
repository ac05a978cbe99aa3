import { Badge } from "@/components/ui/badge";

/**
 * A run's labels wherever it is listed: "estimated" (a subset run, off the rankings), "test" (kept off the rankings), "faults p" (tool faults injected at
 * that rate: a configuration of its own), "archived", and its tags.
 */
export function RunLabels({
  test,
  faultRate = null,
  archived = false,
  estimated = false,
  tags = [],
}: {
  test: boolean;
  /** An estimated run (lib/runs/estimated-run.ts): a subset of the tasks, never ranked among full runs. */
  estimated?: boolean;
  faultRate?: number | null;
  archived?: boolean;
  tags?: readonly string[];
}) {
  if (!test && !faultRate && !archived && !estimated && tags.length === 0) return null;
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      {estimated ? (
        <Badge tone="warn" title="An estimated run: a subset of the tasks chosen by the item bank, its full-benchmark accuracy estimated with a 95 % interval; not ranked among full runs until the rest of its tasks are run" data-testid="estimated-label">
          estimated
        </Badge>
      ) : null}
      {faultRate ? (
        <Badge tone="warn" title={`Tool faults injected into ${faultRate * 100} % of calls (docs/robustness.md)`} data-testid="fault-label">
          faults {faultRate}
        </Badge>
      ) : null}
      {test ? (
        <Badge tone="warn" title="A test run (mock or test endpoint, or marked by hand): not ranked on the leaderboards" data-testid="test-label">
          test
        </Badge>
      ) : null}
      {archived ? <Badge data-testid="archived-label">archived</Badge> : null}
      {tags.map((tag) => (
        <Badge key={tag} tone="accent" data-testid="tag-label">
          {tag}
        </Badge>
      ))}
    </span>
  );
}
