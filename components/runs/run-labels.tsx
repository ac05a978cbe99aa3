import { Badge } from "@/components/ui/badge";

/**
 * A run's labels wherever it is listed: "test" (kept off the rankings), "faults p" (tool faults injected at
 * that rate: a configuration of its own), a reworded phrasing's name, "archived", and its tags.
 */
export function RunLabels({
  test,
  faultRate = null,
  phrasing = null,
  archived = false,
  tags = [],
}: {
  test: boolean;
  faultRate?: number | null;
  /** A reworded configuration's phrasing (alt-1, alt-2): a configuration of its own. */
  phrasing?: string | null;
  archived?: boolean;
  tags?: readonly string[];
}) {
  if (!test && !faultRate && !phrasing && !archived && tags.length === 0) return null;
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      {faultRate ? (
        <Badge tone="warn" title={`Tool faults injected into ${faultRate * 100} % of calls (docs/robustness.md)`} data-testid="fault-label">
          faults {faultRate}
        </Badge>
      ) : null}
      {phrasing ? (
        <Badge title={`Tasks given in their ${phrasing} wording (docs/reliability-profile.md, Robustness to paraphrase)`} data-testid="phrasing-label">
          {phrasing}
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
