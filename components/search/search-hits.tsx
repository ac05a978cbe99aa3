import Link from "next/link";
import { Card } from "@/components/ui/card";
import type { SearchHit } from "@/lib/queries/search";

const FIELD_LABEL: Record<SearchHit["field"], string> = { text: "message", call: "tool call", observation: "tool output", task: "task text" };

/** The snippet with every occurrence of the term marked (case-insensitive, as the search matched). */
function Highlighted({ snippet, term }: { snippet: string; term: string }) {
  const parts: React.ReactNode[] = [];
  const lower = snippet.toLowerCase();
  const needle = term.toLowerCase();
  let at = 0;
  for (let found = lower.indexOf(needle); found >= 0 && needle; found = lower.indexOf(needle, at)) {
    parts.push(snippet.slice(at, found));
    parts.push(<mark key={found} className="rounded bg-warn-soft px-0.5 text-ink">{snippet.slice(found, found + needle.length)}</mark>);
    at = found + needle.length;
  }
  parts.push(snippet.slice(at));
  return <>{parts}</>;
}

/** Where a hit opens: its step, shown on its page of the trace and scrolled to. */
export function hitHref(hit: SearchHit): string {
  const trace = `/runs/${hit.runId}/tasks/${hit.resultId}`;
  return hit.step ? `${trace}?open=${hit.step.index}#step-${hit.step.index}` : trace;
}

export function SearchHits({ hits, term }: { hits: readonly SearchHit[]; term: string }) {
  return (
    <Card>
      <ol className="divide-y divide-line" data-testid="search-hits">
        {hits.map((hit) => (
          <li key={`${hit.resultId}-${hit.step?.id ?? "task"}`} className="px-5 py-3" data-testid="search-hit">
            <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
              <Link href={hitHref(hit)} className="font-medium text-accent hover:underline" data-testid="search-hit-link">
                {hit.taskKey}
                {hit.step ? ` · step #${hit.step.index}` : ""}
              </Link>
              <span className="text-muted">{hit.runName}</span>
              <span className="text-xs text-muted">
                {FIELD_LABEL[hit.field]}
                {hit.step?.tool ? ` · ${hit.step.tool}` : ""}
              </span>
              <span className={hit.correct === null ? "text-xs text-muted" : hit.correct ? "text-xs text-good" : "text-xs text-bad"}>
                {hit.correct === null ? "not scored" : hit.correct ? "correct" : "wrong"}
              </span>
            </div>
            <p className="mt-1 font-mono text-xs break-words whitespace-pre-wrap text-ink/80" data-testid="search-snippet">
              <Highlighted snippet={hit.snippet} term={term} />
            </p>
          </li>
        ))}
      </ol>
    </Card>
  );
}
