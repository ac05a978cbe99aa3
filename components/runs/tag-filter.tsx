import { FilterTabs } from "@/components/leaderboard/filter-tabs";

/** Filter by one of the runs' tags (links: the filter lives in the URL); nothing when no run has a tag. */
export function TagFilter({ tags, current, hrefFor, testId }: { tags: readonly string[]; current: string | undefined; hrefFor: (tag: string | undefined) => string; testId: string }) {
  if (tags.length === 0 && !current) return null;
  return (
    <FilterTabs label="Tag" testId={testId} current={current} options={[{ value: undefined, label: "Any" }, ...tags.map((tag) => ({ value: tag, label: tag }))]} hrefFor={hrefFor} />
  );
}
