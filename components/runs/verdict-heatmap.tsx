import Link from "next/link";
import clsx from "clsx";
import { Table, TableBody, TableHead, TableHeaderCell, TableRow } from "@/components/ui/table";
import type { Flips, TaskRow, TemplateRow } from "@/lib/metrics/verdict-matrix";

export interface HeatmapRun {
  readonly id: string;
  readonly name: string;
}

function RunHeader({ runs, baseline, baselineHref }: { runs: readonly HeatmapRun[]; baseline: number; baselineHref: (index: number) => string }) {
  return (
    <>
      {runs.map((run, index) => (
        <TableHeaderCell key={run.id} className="max-w-28 text-center normal-case" data-testid="heatmap-run">
          <span className="block break-words whitespace-normal">{run.name}</span>
          {index === baseline ? (
            <span className="text-[10px] font-semibold text-accent" data-testid="heatmap-baseline">baseline</span>
          ) : (
            <Link href={baselineHref(index)} className="text-[10px] text-muted hover:text-accent">set baseline</Link>
          )}
        </TableHeaderCell>
      ))}
    </>
  );
}

/** Task × run: a square per verdict (green right, red wrong, grey not scored), each opening its trace. */
export function TaskHeatmap({ runs, rows, baseline, baselineHref }: { runs: readonly HeatmapRun[]; rows: readonly TaskRow[]; baseline: number; baselineHref: (index: number) => string }) {
  return (
    <Table data-testid="task-heatmap">
      <TableHead>
        <tr>
          <TableHeaderCell>Task</TableHeaderCell>
          <TableHeaderCell numeric>Disagree</TableHeaderCell>
          <RunHeader runs={runs} baseline={baseline} baselineHref={baselineHref} />
        </tr>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.key} data-testid="heatmap-row" data-key={row.key}>
            <td className="px-4 py-1 font-mono text-xs whitespace-nowrap">{row.key}</td>
            <td className="px-4 py-1 text-right text-xs tabular-nums" data-testid="heatmap-disagreement">{row.disagreement}</td>
            {row.cells.map((cell, index) => {
              const run = runs[index];
              const flipped = cell && index !== baseline && row.cells[baseline] && row.cells[baseline]?.correct !== cell.correct;
              return (
                <td key={run?.id ?? index} className="px-1 py-1 text-center">
                  {cell && run ? (
                    <Link
                      href={`/runs/${run.id}/tasks/${cell.resultId}`}
                      className={clsx("inline-block h-4 w-8 rounded-sm", cell.correct ? "bg-good" : "bg-bad", flipped && "ring-2 ring-ink/60")}
                      title={`${row.key} · ${run.name}: ${cell.correct ? "correct" : "wrong"}${flipped ? " (flipped against the baseline)" : ""}`}
                      data-testid="heatmap-cell"
                      data-verdict={cell.correct ? "correct" : "wrong"}
                      {...(flipped ? { "data-flipped": true } : {})}
                    />
                  ) : (
                    <span className="inline-block h-4 w-8 rounded-sm bg-line" title="not scored" data-testid="heatmap-cell" data-verdict="none" />
                  )}
                </td>
              );
            })}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

const shade = (rate: number) => `color-mix(in oklch, var(--color-good) ${Math.round(rate * 100)}%, var(--color-bad))`;

/** Template family × run: each run's accuracy on the family's tasks, shaded from red (0 %) to green (100 %). */
export function TemplateHeatmap({ runs, rows, baseline, baselineHref }: { runs: readonly HeatmapRun[]; rows: readonly TemplateRow[]; baseline: number; baselineHref: (index: number) => string }) {
  return (
    <Table data-testid="template-heatmap">
      <TableHead>
        <tr>
          <TableHeaderCell>Template</TableHeaderCell>
          <TableHeaderCell numeric>Spread</TableHeaderCell>
          <RunHeader runs={runs} baseline={baseline} baselineHref={baselineHref} />
        </tr>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.template} data-testid="template-row">
            <td className="max-w-md px-4 py-1 text-xs" title={row.template}>
              <span className="mr-2 text-muted">{row.domain}</span>
              <span className="line-clamp-1">{row.template}</span>
            </td>
            <td className="px-4 py-1 text-right text-xs tabular-nums">{Math.round(row.disagreement * 100)} pt</td>
            {row.cells.map((cell, index) => (
              <td key={runs[index]?.id ?? index} className="px-1 py-1 text-center">
                {cell ? (
                  <span className="inline-block w-12 rounded-sm py-0.5 text-[11px] font-medium text-white tabular-nums" style={{ background: shade(cell.correct / cell.n) }} title={`${cell.correct} / ${cell.n}`}>
                    {Math.round((cell.correct / cell.n) * 100)} %
                  </span>
                ) : (
                  <span className="inline-block h-4 w-12 rounded-sm bg-line" />
                )}
              </td>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function FlipsTable({ runs, flips, baselineName }: { runs: readonly HeatmapRun[]; flips: readonly Flips[]; baselineName: string }) {
  const name = (id: string) => runs.find((run) => run.id === id)?.name ?? id;
  return (
    <Table data-testid="flips-table">
      <TableHead>
        <tr>
          <TableHeaderCell>Run against {baselineName}</TableHeaderCell>
          <TableHeaderCell numeric>Tasks both scored</TableHeaderCell>
          <TableHeaderCell numeric>Now correct</TableHeaderCell>
          <TableHeaderCell numeric>Now wrong</TableHeaderCell>
          <TableHeaderCell numeric>Net</TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {flips.map((flip) => (
          <TableRow key={flip.runId} data-testid="flips-row">
            <td className="px-4 py-2">{name(flip.runId)}</td>
            <td className="px-4 py-2 text-right tabular-nums">{flip.shared}</td>
            <td className="px-4 py-2 text-right text-good tabular-nums" data-testid="flips-gained">{flip.gained}</td>
            <td className="px-4 py-2 text-right text-bad tabular-nums" data-testid="flips-lost">{flip.lost}</td>
            <td className="px-4 py-2 text-right tabular-nums">{flip.gained - flip.lost > 0 ? "+" : ""}{flip.gained - flip.lost}</td>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
