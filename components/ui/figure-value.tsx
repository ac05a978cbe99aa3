import clsx from "clsx";
import type { FigureText } from "@/lib/metrics/format";

/**
 * A figure from lib/metrics/format (costFigure, tokensFigure, latencyFigure): an unknown or estimated
 * value carries its reason as a tooltip (dotted underline, help cursor), so "—" never reads as zero.
 */
export function FigureValue({ figure, className, testId }: { figure: FigureText; className?: string; testId?: string }) {
  return (
    <span
      className={clsx(figure.reason && "cursor-help underline decoration-dotted decoration-muted underline-offset-2", className)}
      title={figure.reason ?? undefined}
      data-figure={figure.state}
      data-testid={testId}
    >
      {figure.text}
    </span>
  );
}
