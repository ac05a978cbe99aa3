// A run's spans as one OTLP/JSON request body (ExportTraceServiceRequest), written instead of sent: the
// run page's "OTLP JSON" download. The same spans, ids and encoding as `workbench export --format otlp`
// sends with OTEL_EXPORTER_OTLP_PROTOCOL=http/json, so the file can be posted to any collector's
// `/v1/traces` as it is. Content (tool arguments and results, model texts) is included: the file goes
// to the person who can already read the run.
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import type { ExportRun } from "../run-export";
import { emitTaskSpans } from "./task-spans";
import { otlpTraceBody } from "./otlp-exporter";
import { PlannedIdGenerator } from "./span-ids";
import { tracingResource } from "./tracing";

export function runOtlpJson(run: ExportRun, options: { serviceName?: string; captureContent?: boolean } = {}): string {
  const collected = new InMemorySpanExporter();
  const ids = new PlannedIdGenerator();
  const provider = new BasicTracerProvider({ idGenerator: ids, resource: tracingResource(options.serviceName ?? "workbench-studio"), spanProcessors: [new SimpleSpanProcessor(collected)] });
  const tracer = provider.getTracer("workbench-studio");
  for (const result of run.results) emitTaskSpans({ tracer, ids }, run, result, { captureContent: options.captureContent ?? true });
  return new TextDecoder().decode(otlpTraceBody(collected.getFinishedSpans(), "http/json"));
}
