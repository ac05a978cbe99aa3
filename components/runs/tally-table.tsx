import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "@/components/ui/table";
import type { GroupTally } from "@/lib/metrics/summarize-results";
import { formatInterval, formatPercent } from "@/lib/metrics/format";

/** Accuracy / side effects per group (domain, GT action bucket, template). */
export function TallyTable({
  groups,
  groupLabel,
  testId,
  compact = false,
}: {
  groups: readonly GroupTally[];
  groupLabel: string;
  testId?: string;
  /** Leaves out the interval column for narrow cards. */
  compact?: boolean;
}) {
  return (
    <Table data-testid={testId} className="whitespace-nowrap">
      <TableHead>
        <tr>
          <TableHeaderCell>{groupLabel}</TableHeaderCell>
          <TableHeaderCell numeric>n</TableHeaderCell>
          <TableHeaderCell numeric>Correct</TableHeaderCell>
          <TableHeaderCell numeric>Accuracy</TableHeaderCell>
          {compact ? null : <TableHeaderCell numeric>95 % CI</TableHeaderCell>}
          <TableHeaderCell numeric>Side eff.</TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {groups.map((group) => (
          <TableRow key={group.key} data-testid={testId ? `${testId}-row` : undefined} data-key={group.key}>
            <TableCell className="max-w-xl truncate" title={group.key}>
              {group.key}
            </TableCell>
            <TableCell numeric>{group.n}</TableCell>
            <TableCell numeric>{group.correct}</TableCell>
            <TableCell numeric className="font-medium">
              {group.n > 0 ? formatPercent(group.accuracy, 1) : "–"}
            </TableCell>
            {compact ? null : (
              <TableCell numeric className="text-xs text-muted">
                {formatInterval(group.accuracyInterval)}
              </TableCell>
            )}
            <TableCell numeric>{group.n > 0 ? formatPercent(group.sideEffectRate, 1) : "–"}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
