// The per-run downloads of the run page's Export menu (/runs/<id>/export?format=…), one list for the
// route and the menu: each format's file name and what it is for. Only Inspect logs take Inspect's
// name: its listing takes every JSON file named that way for a log, so the other JSON files keep
// names it skips (`run-<id>.…`).
export const RUN_DOWNLOAD_FORMATS = ["csv", "json", "inspect", "workbench-2024", "workbench-2026", "otlp-json"] as const;
export type RunDownloadFormat = (typeof RUN_DOWNLOAD_FORMATS)[number];

export interface RunDownload {
  readonly format: RunDownloadFormat;
  readonly label: string;
  readonly description: string;
}

export const RUN_DOWNLOADS: readonly RunDownload[] = [
  { format: "csv", label: "CSV", description: "one row per task: verdicts, calls, errors, tokens, cost" },
  { format: "json", label: "JSON", description: "the CSV's rows as JSON" },
  { format: "inspect", label: "Inspect log", description: "an Inspect AI eval log, named as Inspect names its logs" },
  { format: "workbench-2024", label: "WorkBench 2024 (.zip)", description: "the paper's results CSVs (protocol-2024 runs)" },
  { format: "workbench-2026", label: "WorkBench 2026 (.zip)", description: "upstream's 2026 results files" },
  { format: "otlp-json", label: "OTLP JSON", description: "the run's OpenTelemetry GenAI spans, one OTLP/JSON request" },
];

/** The file name of a download other than the Inspect log (which is named by its eval spec). */
export function runDownloadName(runId: string, format: Exclude<RunDownloadFormat, "inspect">): string {
  switch (format) {
    case "csv":
      return `run-${runId}.csv`;
    case "json":
      return `run-${runId}.json`;
    case "workbench-2024":
    case "workbench-2026":
      return `run-${runId}.${format}.zip`;
    case "otlp-json":
      return `run-${runId}.otlp.json`;
    default: {
      const unknown: never = format;
      throw new Error(`Unknown download format: ${String(unknown)}`);
    }
  }
}
