import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { z } from "zod";
import { Card } from "@/components/ui/card";
import { Pager } from "@/components/ui/pager";
import { PageHeader } from "@/components/ui/page-header";
import { SandboxFilter, SandboxTable, type SandboxView } from "@/components/sandbox/sandbox-table";
import { getSandboxPage } from "@/lib/queries/sandbox";

export const metadata: Metadata = { title: "Sandbox browser" };

const searchSchema = z.object({
  table: z.string().min(1).max(40).optional().catch(undefined),
  q: z.string().trim().max(200).optional().catch(undefined),
  column: z.string().min(1).max(80).optional().catch(undefined),
  sort: z.string().min(1).max(80).optional().catch(undefined),
  dir: z.enum(["asc", "desc"]).catch("asc"),
  page: z.coerce.number().int().min(0).catch(0),
});

export default async function SandboxTablePage({ params, searchParams }: { params: Promise<{ versionId: string }>; searchParams: Promise<Record<string, string | string[]>> }) {
  const { versionId } = await params;
  const search = searchSchema.parse(await searchParams);
  const found = await getSandboxPage({ versionId, ...search, q: search.q || undefined });
  if (!found) notFound();
  const view: SandboxView = { table: found.table, q: search.q ?? "", column: found.column, sort: found.sort, dir: search.dir };
  const href = (change: Partial<SandboxView & { page: number }>) => {
    const next = { ...view, page: 0, ...change };
    const query = new URLSearchParams();
    query.set("table", next.table);
    if (next.q) query.set("q", next.q);
    if (next.column) query.set("column", next.column);
    if (next.sort) query.set("sort", next.sort);
    if (next.dir !== "asc") query.set("dir", next.dir);
    if (next.page > 0) query.set("page", String(next.page));
    return `/sandbox/${versionId}?${query}`;
  };
  const { version } = found;
  return (
    <>
      <PageHeader
        eyebrow={<Link href="/sandbox" className="hover:text-ink">← All versions</Link>}
        title={`${version.dataset.name} · ${version.name} r${version.revision}`}
        description="The initial sandbox every task starts from. Sort on a column, filter on a column or on every cell."
      />
      <nav className="mb-4 flex flex-wrap gap-2" data-testid="sandbox-tables">
        {found.tables.map((table) => (
          <Link
            key={table}
            href={href({ table, q: "", column: undefined, sort: undefined, dir: "asc" })}
            className={table === found.table ? "rounded-full bg-accent px-3 py-1 text-sm text-white" : "rounded-full border border-line px-3 py-1 text-sm text-ink hover:bg-canvas"}
            data-testid="sandbox-table-tab"
            aria-current={table === found.table ? "page" : undefined}
          >
            {table}
          </Link>
        ))}
      </nav>
      <Card>
        <SandboxFilter action={`/sandbox/${versionId}`} view={view} columns={found.columns} total={found.total} />
        <SandboxTable columns={found.columns} rows={found.rows} view={view} sortHref={(column, dir) => href({ sort: column, dir })} />
        <Pager page={found.page} pages={found.pages} href={(page) => href({ page })} testId="sandbox-pager" />
      </Card>
    </>
  );
}
