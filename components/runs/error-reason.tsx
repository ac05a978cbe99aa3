import { Badge } from "@/components/ui/badge";
import { errorReason } from "@/lib/runs/error-reason";

/**
 * A task's error as a one-line reason; the stored text (a Python exception, a provider's answer) folded
 * behind it, whole, for whoever opens it.
 */
export function ErrorReasonBadge({ error }: { error: string }) {
  const { reason, full } = errorReason(error);
  if (full === null) {
    return (
      <Badge tone="bad" className="whitespace-normal" data-testid="verdict-error">
        {reason}
      </Badge>
    );
  }
  return (
    <details className="max-w-md" data-testid="verdict-error">
      <summary className="badge badge-bad cursor-pointer whitespace-normal" data-testid="verdict-error-reason">
        {reason}
      </summary>
      <pre className="mt-1 max-h-64 overflow-auto rounded-md bg-canvas px-2 py-1 font-mono text-[11px] break-words whitespace-pre-wrap text-ink ring-1 ring-line ring-inset" data-testid="verdict-error-full">
        {full}
      </pre>
    </details>
  );
}
