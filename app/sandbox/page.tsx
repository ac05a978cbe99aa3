import type { Metadata } from "next";
import Link from "next/link";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TableBody, TableHead, TableHeaderCell, TableRow } from "@/components/ui/table";
import { listSandboxVersions } from "@/lib/queries/sandbox";

export const metadata: Metadata = { title: "Sandbox browser" };

export default async function SandboxVersionsPage() {
  const versions = await listSandboxVersions();
  return (
    <>
      <PageHeader title="Sandbox browser" description="The initial tables of each dataset version: the five databases, the analytics visits and the company directory." />
      {versions.length === 0 ? (
        <EmptyState title="No dataset imported" testId="sandbox-empty">Import the official data with <code>npm run workbench -- import-data</code>.</EmptyState>
      ) : (
        <Card>
          <Table data-testid="sandbox-versions">
            <TableHead>
              <tr>
                <TableHeaderCell>Dataset</TableHeaderCell>
                <TableHeaderCell>Version</TableHeaderCell>
                <TableHeaderCell numeric>Tasks</TableHeaderCell>
              </tr>
            </TableHead>
            <TableBody>
              {versions.map((version) => (
                <TableRow key={version.id}>
                  <td className="px-4 py-2">
                    {version.dataset.name} <span className="text-muted">({version.dataset.slug}{version.dataset.kind === "generated" ? ", generated" : ""})</span>
                  </td>
                  <td className="px-4 py-2">
                    <Link href={`/sandbox/${version.id}`} className="text-accent" data-testid="sandbox-version-link" data-dataset={version.dataset.slug} data-version={version.name}>
                      {version.name} r{version.revision}
                    </Link>
                    {version.supersededAt ? <span className="ml-2 text-xs text-muted">superseded</span> : null}
                  </td>
                  <td className="px-4 py-2 text-right tabular-nums">{version.taskCount}</td>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      )}
    </>
  );
}
