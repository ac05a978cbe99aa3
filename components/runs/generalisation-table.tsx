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

export function GeneralisationTable({ rows }: { rows: readonly GeneralisationRow[] }) {
  return (
    <Table data-testid="generalisation-table">
      <TableHead>
        <tr>
          <TableHeaderCell>Domain</TableHeaderCell>
          <TableHeaderCell numeric>Official [95 % CI]</TableHeaderCell>
          <TableHeaderCell numeric>Generated [95 % CI]</TableHeaderCell>
          <TableHeaderCell numeric>Generated − official</TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.domain} data-testid="generalisation-row" data-domain={row.domain} className={clsx(row.domain === "all" && "font-semibold")}>
            <td className="px-4 py-2">{row.domain}</td>
            <Rate cell={row.official} testId="generalisation-official" />
            <Rate cell={row.generated} testId="generalisation-generated" />
            <Difference row={row} />
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Difference({ row }: { row: { difference: number | null; separated: boolean } }) {
  return (
    <td className="px-4 py-2 text-right tabular-nums">
      {row.difference === null ? "–" : `${row.difference > 0 ? "+" : ""}${(row.difference * 100).toFixed(1)} pt`}
      {row.separated ? <span className="ml-2 text-xs text-warn" title="The two intervals do not overlap">intervals apart</span> : null}
    </td>
  );
}

/** The paper's 69 templates: official tasks of each against the generated tasks of the generator's templates covering it. */
export function TemplateFamilyTable({ rows }: { rows: readonly TemplateFamilyRow[] }) {
  return (
    <Table data-testid="generalisation-templates">
      <TableHead>
        <tr>
          <TableHeaderCell>Paper template (generator&apos;s)</TableHeaderCell>
          <TableHeaderCell numeric>Official [95 % CI]</TableHeaderCell>
          <TableHeaderCell numeric>Generated [95 % CI]</TableHeaderCell>
          <TableHeaderCell numeric>Generated − official</TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.row} data-testid="generalisation-template-row" data-row={row.row}>
            <td className="max-w-lg px-4 py-2 text-xs">
              <span className="mr-2 text-muted">{row.row}. {row.domain}</span>
              <span className="line-clamp-2" title={row.paper}>{row.paper}</span>
              <span className="font-mono text-[11px] text-muted">{row.ours.join(", ")}</span>
            </td>
            <Rate cell={row.official} testId="generalisation-official" />
            <Rate cell={row.generated} testId="generalisation-generated" />
            <Difference row={row} />
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
