import { Badge } from "@/components/ui/badge";

/** A run's labels wherever it is listed: "test" (kept off the rankings), "archived", and its tags. */
export function RunLabels({ test, archived = false, tags = [] }: { test: boolean; archived?: boolean; tags?: readonly string[] }) {
  if (!test && !archived && tags.length === 0) return null;
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
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
