import { Badge } from "@/components/ui/badge";

/**
 * A run's labels wherever it is listed: "estimated" (a subset run, off the rankings), "test" (kept off the
 * rankings), "faults p" (tool faults injected at that rate: a configuration of its own), "alt-1 wording" (its
 * tasks reworded: RunSettings.phrasing), "archived", and its tags.
 */
export function RunLabels({
  test,
  faultRate = null,
  phrasing = null,
  archived = false,
  estimated = false,
  tags = [],
}: {
  test: boolean;
  /** An estimated run (lib/runs/estimated-run.ts): a subset of the tasks, never ranked among full runs. */
  estimated?: boolean;
  faultRate?: number | null;
  /** The wording its tasks were given; null or "original": as written (no label). */
  phrasing?: string | null;
  archived?: boolean;
  tags?: readonly string[];
}) {
  const reworded = phrasing && phrasing !== "original" ? phrasing : null;
  if (!test && !faultRate && !reworded && !archived && !estimated && tags.length === 0) return null;
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
      {reworded ? (
        <Badge tone="accent" title={`Each task given its template's ${reworded} wording, same ground truth (docs/reliability-profile.md)`} data-testid="phrasing-label">
          {reworded} wording
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
