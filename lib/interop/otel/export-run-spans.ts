// `workbench export --format otlp`: a past run's tasks sent as the live hook sends them (task-spans.ts),
// to the configured traces URL (otlp-endpoint.ts), then flushed; the dropped count is reported. Ids are
// derived from the run (span-ids.ts): sending a run again gives the collector the same trace.
import type { ExportRun } from "../run-export";
import { emitTaskSpans } from "./task-spans";
import { redactUrlCredentials } from "@/lib/workbench/core/url-credentials";
import { createRunTracing, otlpConfigFromEnv, otlpTracesUrl, type OtlpConfig } from "./tracing";

export async function sendRunSpans(run: ExportRun, config: OtlpConfig | null = otlpConfigFromEnv()): Promise<{ spans: number; endpoint: string; dropped: number }> {
  if (!config) throw new Error("Set OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT (and OTEL_EXPORTER_OTLP_HEADERS if the collector needs them) to send spans");
  // The whole run is queued at once: the queue holds it (a past run is not competing with live tasks).
  const tracing = createRunTracing({ ...config, maxQueueSize: Math.max(2048, run.results.reduce((sum, result) => sum + result.steps.length + 1, 0)) });
  let spans = 0;
  for (const result of run.results) spans += emitTaskSpans(tracing, run, result, { captureContent: config.captureContent });
  await tracing.shutdown(30_000);
  return { spans, endpoint: redactUrlCredentials(otlpTracesUrl(config)), dropped: tracing.dropped() };
}
