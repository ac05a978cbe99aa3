import type { CallView } from "@/lib/traces/result-view";

/** Numbered call strings; failed (skipped-in-replay) calls are struck with their reason. */
export function CallsList({ calls, testId, empty }: { calls: readonly CallView[]; testId: string; empty: string }) {
  if (calls.length === 0) return <p className="text-xs text-muted" data-testid={`${testId}-empty`}>{empty}</p>;
  return (
    <ol className="space-y-1" data-testid={testId}>
      {calls.map((call) => (
        <li key={call.index} className="trace-call" data-testid={`${testId}-item`}>
          <span className="trace-call-num">{call.index + 1}</span>
          <span className="trace-call-text">
            {call.failure ? (
              <>
                <span className="text-muted line-through">{call.raw}</span>
                <span className="ml-2 font-sans text-bad" data-testid="call-failure">
                  {call.failure}
                </span>
              </>
            ) : (
              call.raw
            )}
          </span>
        </li>
      ))}
    </ol>
  );
}
