import type { CallView } from "@/lib/traces/result-view";

/**
 * Numbered call strings (the numbers are the list's own markers); failed (skipped-in-replay) calls are
 * struck with their reason. One bare item per call: a 40-call trace lists them twice (ground truth and
 * agent), and each item's markup is sent twice (HTML and RSC payload).
 */
export function CallsList({ calls, testId, empty }: { calls: readonly CallView[]; testId: string; empty: string }) {
  if (calls.length === 0) return <p className="text-xs text-muted" data-testid={`${testId}-empty`}>{empty}</p>;
  return (
    <ol className="trace-calls" data-testid={testId}>
      {calls.map((call) =>
        call.failure ? (
          <li key={call.index} data-testid={`${testId}-item`}>
            <span className="text-muted line-through">{call.raw}</span>
            <span className="ml-2 font-sans text-bad" data-testid="call-failure">
              {call.failure}
            </span>
          </li>
        ) : (
          <li key={call.index} data-testid={`${testId}-item`}>
            {call.raw}
          </li>
        ),
      )}
    </ol>
  );
}
