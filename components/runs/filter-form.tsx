import type { ReactNode } from "react";
import { buttonClasses } from "@/components/ui/button";
import { controlClasses } from "./form-field";

/**
 * A plain GET form of filters (they live in the URL and work without JavaScript): the page's own
 * selects, then the task-text search and the Filter button every filter bar ends with.
 */
export function FilterForm({ action, testId, q, children }: { action: string; testId: string; q: string | undefined; children: ReactNode }) {
  return (
    <form method="get" action={action} className="flex flex-wrap items-end gap-2 px-5 py-3" data-testid={testId}>
      {children}
      <input name="q" defaultValue={q ?? ""} placeholder="Search task text" className={"w-56 " + controlClasses} aria-label="Search" />
      <button type="submit" className={buttonClasses({ variant: "secondary", size: "sm" })}>
        Filter
      </button>
    </form>
  );
}
