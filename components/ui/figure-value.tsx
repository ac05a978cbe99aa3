import clsx from "clsx";
import type { FigureText } from "@/lib/metrics/format";

const ESTIMATED_SUFFIX = " (estimated)";

/**
 * A figure from lib/metrics/format (costFigure, tokensFigure, latencyFigure): an unknown or estimated
 * value carries its reason as a tooltip (dotted underline, help cursor), so "—" never reads as zero.
 * An estimate's "(estimated)" goes on a line of its own, so a table column stays as narrow as its figures.
 */
export function FigureValue({ figure, className, testId }: { figure: FigureText; className?: string; testId?: string }) {
  const split = figure.state === "estimated" && figure.text.endsWith(ESTIMATED_SUFFIX);
  return (
    <span
      className={clsx(figure.reason && "noted", className)}
      title={figure.reason ?? undefined}
      data-figure={figure.state}
      data-testid={testId}
    >
      {split ? (
        <>
          {figure.text.slice(0, -ESTIMATED_SUFFIX.length)}
          <span className="sub block"> {ESTIMATED_SUFFIX.trim()}</span>
        </>
      ) : (
        figure.text
      )}
    </span>
  );
}
