import type { ReactNode } from "react";
import clsx from "clsx";
import { Table, TableBody, TableHead, TableHeaderCell, TableRow } from "@/components/ui/table";
import { formatInterval, formatPercent } from "@/lib/metrics/format";
import type { GeneralisationRow, RateCell, TemplateFamilyRow } from "@/lib/metrics/generalisation";

function Rate({ cell, testId }: { cell: RateCell | null; testId: string }) {
  if (!cell) return <td className="px-4 py-2 text-right text-muted">–</td>;
  return (
    <td className="px-4 py-2 text-right tabular-nums" data-testid={testId} data-correct={cell.correct} data-n={cell.n}>
      {formatPercent(cell.rate, 1)} <span className="text-xs text-muted">[{formatInterval(cell.interval)}] · {cell.correct}/{cell.n}</span>
    </td>
  );
}

/** The official rate, the generated rate and their difference: the cells every row of both tables ends with. */
function ComparedCells({ row }: { row: Pick<GeneralisationRow, "official" | "generated" | "difference" | "separated"> }) {
  return (
    <>
      <Rate cell={row.official} testId="generalisation-official" />
      <Rate cell={row.generated} testId="generalisation-generated" />
      <td className="px-4 py-2 text-right tabular-nums">
        {row.difference === null ? "–" : `${row.difference > 0 ? "+" : ""}${(row.difference * 100).toFixed(1)} pt`}
        {row.separated ? <span className="ml-2 text-xs text-warn" title="The two intervals do not overlap">intervals apart</span> : null}
      </td>
    </>
  );
}

function ComparedTable({ testId, first, children }: { testId: string; first: ReactNode; children: ReactNode }) {
  return (
    <Table data-testid={testId}>
      <TableHead>
        <tr>
          <TableHeaderCell>{first}</TableHeaderCell>
          <TableHeaderCell numeric>Official [95 % CI]</TableHeaderCell>
          <TableHeaderCell numeric>Generated [95 % CI]</TableHeaderCell>
          <TableHeaderCell numeric>Generated − official</TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>{children}</TableBody>
    </Table>
  );
}

export function GeneralisationTable({ rows }: { rows: readonly GeneralisationRow[] }) {
  return (
    <ComparedTable testId="generalisation-table" first="Domain">
      {rows.map((row) => (
        <TableRow key={row.domain} data-testid="generalisation-row" data-domain={row.domain} className={clsx(row.domain === "all" && "font-semibold")}>
          <td className="px-4 py-2">{row.domain}</td>
          <ComparedCells row={row} />
        </TableRow>
      ))}
    </ComparedTable>
  );
}

/** The paper's 69 templates: official tasks of each against the generated tasks of the generator's templates covering it. */
export function TemplateFamilyTable({ rows }: { rows: readonly TemplateFamilyRow[] }) {
  return (
    <ComparedTable testId="generalisation-templates" first="Paper template (generator's)">
      {rows.map((row) => (
        <TableRow key={row.row} data-testid="generalisation-template-row" data-row={row.row}>
          <td className="max-w-lg px-4 py-2 text-xs">
            <span className="mr-2 text-muted">{row.row}. {row.domain}</span>
            <span className="line-clamp-2" title={row.paper}>{row.paper}</span>
            <span className="font-mono text-[11px] text-muted">{row.ours.join(", ")}</span>
          </td>
          <ComparedCells row={row} />
        </TableRow>
      ))}
    </ComparedTable>
  );
}
