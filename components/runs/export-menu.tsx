// The run page's Export menu: every per-run download (lib/interop/run-downloads.ts) as a plain link, in a
// <details> dropdown so it needs no client JavaScript. A format a run cannot take (the 2024 files of a
// protocol-2026 run) answers with the reason (docs/interop.md).
import { buttonClasses } from "@/components/ui/button";
import { RUN_DOWNLOADS } from "@/lib/interop/run-downloads";

export function ExportMenu({ runId }: { runId: string }) {
  return (
    <details className="relative" data-testid="export-menu">
      <summary className={buttonClasses({ variant: "secondary", size: "sm", className: "cursor-pointer list-none" })} data-testid="export-menu-toggle">
        Export ▾
      </summary>
      <ul className="absolute right-0 z-10 mt-1 w-80 rounded-lg border border-line bg-surface py-1 text-sm shadow-lg">
        {RUN_DOWNLOADS.map((download) => (
          <li key={download.format}>
            <a href={`/runs/${runId}/export?format=${download.format}`} download className="block px-3 py-1.5 hover:bg-line/40" data-testid={`export-${download.format}`} title={download.description}>
              <span className="font-medium">{download.label}</span>
              <span className="block text-xs text-muted">{download.description}</span>
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
