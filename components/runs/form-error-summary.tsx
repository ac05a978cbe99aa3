import { errorSummaryLines } from "@/lib/runs/form-field-labels";

/**
 * At the top of a refused form: every problem at once, each naming its field and linking to it (the
 * same words stand beside each input). Nothing when the form has no field errors.
 */
export function FormErrorSummary({ fieldErrors, what }: { fieldErrors: Readonly<Record<string, readonly string[] | undefined>>; what: string }) {
  const lines = errorSummaryLines(fieldErrors);
  if (lines.length === 0) return null;
  return (
    <div className="rounded-lg border border-bad/30 bg-bad-soft px-4 py-3 text-sm text-ink" role="alert" tabIndex={-1} data-form-error data-testid="form-error-summary">
      <p className="font-medium text-bad">
        Nothing was {what}: {lines.length === 1 ? "one thing to fix" : `${lines.length} things to fix`}.
      </p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {lines.map((line, index) => (
          <li key={index} data-testid="form-error-summary-item" data-field={line.field}>
            <a href={`#${line.field}`} className="underline decoration-bad/40 hover:text-accent">
              {line.text}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
