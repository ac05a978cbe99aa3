import type { CallView } from "@/lib/traces/result-view";

/** Numbered call strings; failed (skipped-in-replay) calls are struck with their reason. */
export function CallsList({ calls, testId, empty }: { calls: readonly CallView[]; testId: string; empty: string }) {
  if (calls.length === 0) return <p className="text-xs text-muted" data-testid={`${testId}-empty`}>{empty}</p>;
  return (
    <ol className="space-y-1" data-testid={testId}>
      {calls.map((call) => (
        <li key={call.index} className="flex gap-2 font-mono text-xs" data-testid={`${testId}-item`}>
          <span className="w-5 shrink-0 text-right text-muted tabular-nums">{call.index + 1}</span>
          <span className="min-w-0 break-all">
            <span className={call.failure ? "text-muted line-through" : "text-ink"}>{call.raw}</span>
            {call.failure ? (
              <span className="ml-2 font-sans text-bad" data-testid="call-failure">
                {call.failure}
              </span>
            ) : null}
          </span>
        </li>
      ))}
    </ol>
  );
}
