// The process's span pipeline when an OTLP endpoint is set (otlp-endpoint.ts): the OpenTelemetry SDK's
// BatchSpanProcessor (a bounded queue, exported in the background) in front of its OTLP/HTTP transport
// (http/protobuf or http/json, otlp-exporter.ts). Span ids are planned from what each span stands for
// (span-ids.ts). Nothing on a task's path waits for the collector: ending a span only queues it; a full queue
// or a failed export drops spans, which are counted (ended − delivered) and logged — once when exports
// start failing, and the total at shutdown. Not a global provider: Studio's spans are its own.
import { BasicTracerProvider, BatchSpanProcessor, type ReadableSpan, type SpanExporter, type SpanProcessor } from "@opentelemetry/sdk-trace-base";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { ExportResultCode, type ExportResult } from "@opentelemetry/core";
import type { Context, Span, Tracer } from "@opentelemetry/api";
import { env } from "@/lib/env";
import { errorMessage } from "@/lib/errors";
import { SEMCONV_REVISION } from "./semconv";
import { DEFAULT_OTLP_PROTOCOL, otlpTraceTarget, tracesUrlOfBase, type OtlpProtocol } from "./otlp-endpoint";
import { createOtlpTraceExporter } from "./otlp-exporter";
import { redactUrlCredentials } from "@/lib/workbench/core/url-credentials";
import { PlannedIdGenerator } from "./span-ids";

export interface OtlpConfig {
  /** Collector base URL; spans go to `<endpoint>/v1/traces` unless `tracesUrl` is given. */
  readonly endpoint: string;
  /** The traces URL itself (OTEL_EXPORTER_OTLP_TRACES_ENDPOINT), used as given. */
  readonly tracesUrl?: string;
  /** Default http/protobuf, the OTLP exporter spec's default. */
  readonly protocol?: OtlpProtocol;
  readonly headers: Readonly<Record<string, string>>;
  readonly serviceName: string;
  readonly captureContent: boolean;
  /** Spans held at most while the collector is slow or away (default: the SDK's 2048, or OTEL_BSP_MAX_QUEUE_SIZE). */
  readonly maxQueueSize?: number;
  /** How long one export may take before its spans count as dropped (default 10 s). */
  readonly exportTimeoutMs?: number;
  readonly scheduledDelayMs?: number;
  readonly log?: (message: string) => void;
}

export interface SpanCounts {
  ended: number;
  delivered: number;
  failed: number;
}

export interface RunTracing {
  readonly tracer: Tracer;
  /** The tracer's id source: spans started through it get the ids planned for them. */
  readonly ids: PlannedIdGenerator;
  readonly config: OtlpConfig;
  readonly counts: Readonly<SpanCounts>;
  /** Spans not delivered: dropped from a full queue, failed or timed out (plus, before a flush, those still queued). */
  dropped(): number;
  /** Sends what is queued, waiting at most `timeoutMs`. */
  flush(timeoutMs?: number): Promise<void>;
  /** Flushes (bounded), abandons what is still in flight, stops, and logs the dropped count when there is one. */
  shutdown(timeoutMs?: number): Promise<void>;
  /**
   * Logs the spans dropped since the last line about them, as one line; nothing when none were, or when
   * a failure line already said spans are being dropped (a dead collector gives one warning, not one per stop).
   */
  reportDropped(): void;
}

/** The configuration from the environment; null when no endpoint is set (tracing off). */
export function otlpConfigFromEnv(): OtlpConfig | null {
  const vars = env();
  const target = otlpTraceTarget(vars);
  if (!target) return null;
  return {
    endpoint: vars.OTEL_EXPORTER_OTLP_ENDPOINT ?? target.url, tracesUrl: target.url, protocol: target.protocol, headers: target.headers,
    serviceName: vars.OTEL_SERVICE_NAME ?? "workbench-studio", captureContent: vars.OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT === true,
  };
}

/** The resource every Studio span carries: the service and the conventions' revision followed. */
export function tracingResource(serviceName: string) {
  return resourceFromAttributes({ "service.name": serviceName, "workbench.semconv": SEMCONV_REVISION });
}

/** Where the configuration sends spans. */
export function otlpTracesUrl(config: Pick<OtlpConfig, "endpoint" | "tracesUrl">): string {
  return config.tracesUrl ?? tracesUrlOfBase(config.endpoint);
}

/** Counts what the exporter delivered or failed; logs the first failure of a streak (never the headers). */
class CountingExporter implements SpanExporter {
  private failing = false;
  /** Set once shutdown starts: what fails from then on is the shutdown abandoning it, told by the summary line. */
  stopping = false;
  /** Whether a failure line was logged: then the shutdown adds no second line. */
  reported = false;
  private readonly inFlight = new Set<Promise<void>>();
  constructor(private readonly inner: SpanExporter, private readonly counts: SpanCounts, private readonly onFailure: (error: string) => void) {}
  /** Resolves when every export started so far has answered (a flush must also wait for the one the timer began). */
  settled(): Promise<void> {
    return Promise.all([...this.inFlight]).then(() => undefined);
  }
  export(spans: ReadableSpan[], done: (result: ExportResult) => void): void {
    let answered!: () => void;
    const exported = new Promise<void>((resolve) => (answered = resolve));
    this.inFlight.add(exported);
    void exported.then(() => this.inFlight.delete(exported));
    this.inner.export(spans, (result) => {
      if (result.code === ExportResultCode.SUCCESS) {
        this.counts.delivered += spans.length;
        this.failing = false;
      } else {
        this.counts.failed += spans.length;
        if (!this.failing && !this.stopping) {
          this.onFailure(result.error ? errorMessage(result.error) : "export failed");
          this.reported = true;
        }
        this.failing = true;
      }
      answered();
      done(result);
    });
  }
  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }
  forceFlush(): Promise<void> {
    return this.inner.forceFlush?.() ?? Promise.resolve();
  }
}

/** Counts the spans ended, then hands them to the batch processor. */
class CountingProcessor implements SpanProcessor {
  constructor(private readonly inner: SpanProcessor, private readonly counts: SpanCounts) {}
  onStart(span: Span & ReadableSpan, parent: Context): void {
    this.inner.onStart(span as never, parent);
  }
  onEnd(span: ReadableSpan): void {
    this.counts.ended += 1;
    this.inner.onEnd(span);
  }
  forceFlush(): Promise<void> {
    return this.inner.forceFlush();
  }
  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }
}

/** Waits for `promise` at most `ms`; true when it settled in time. */
const within = (promise: Promise<unknown>, ms: number): Promise<boolean> =>
  Promise.race([promise.then(() => true, () => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms).unref())]);

export function createRunTracing(config: OtlpConfig): RunTracing {
  const log = config.log ?? ((message: string) => console.warn(message));
  const counts: SpanCounts = { ended: 0, delivered: 0, failed: 0 };
  const url = otlpTracesUrl(config);
  const shownUrl = redactUrlCredentials(url); // what log lines name: never the collector's credentials
  const exporter = new CountingExporter(
    createOtlpTraceExporter({ url, protocol: config.protocol ?? DEFAULT_OTLP_PROTOCOL, headers: config.headers, timeoutMillis: config.exportTimeoutMs ?? 10_000 }),
    counts,
    (error) => log(`OpenTelemetry: exporting spans to ${shownUrl} failed (${error}); spans are dropped until it answers (the runs go on)`),
  );
  // Unset sizes are the SDK's (queue 2048, batches of 512) or OTEL_BSP_MAX_QUEUE_SIZE / _MAX_EXPORT_BATCH_SIZE.
  const sizes = config.maxQueueSize ? { maxQueueSize: config.maxQueueSize, maxExportBatchSize: Math.min(512, config.maxQueueSize) } : {};
  const batch = new BatchSpanProcessor(exporter, {
    ...sizes, scheduledDelayMillis: config.scheduledDelayMs ?? 1000, exportTimeoutMillis: config.exportTimeoutMs ?? 10_000,
  });
  const ids = new PlannedIdGenerator();
  const provider = new BasicTracerProvider({
    idGenerator: ids,
    resource: tracingResource(config.serviceName),
    spanProcessors: [new CountingProcessor(batch, counts)],
  });
  const dropped = () => Math.max(0, counts.ended - counts.delivered);
  let closed: Promise<void> | undefined;
  let told = 0;
  const reportDropped = () => {
    const now = dropped();
    if (now > told && !exporter.reported) log(`OpenTelemetry: ${now - told} span(s) dropped (${now} of ${counts.ended} so far): the collector at ${shownUrl} was unreachable, slow or the queue full`);
    told = Math.max(told, now);
  };
  // The last flush ran out of time: the collector is not answering, so the shutdown does not wait again.
  let stalled = false;
  const flush = async (timeoutMs: number) => {
    stalled = !(await within(provider.forceFlush().then(() => exporter.settled()), timeoutMs));
  };
  return {
    tracer: provider.getTracer("workbench-studio"),
    ids,
    config,
    counts,
    dropped,
    reportDropped,
    flush: (timeoutMs = 5_000) => flush(timeoutMs),
    // Bounded, then whatever is still in flight is abandoned (its spans count as dropped), so no request
    // to an unreachable or silent collector keeps the process alive after its work is done. One line:
    // the dropped total, unless a failure line already told the user spans were being dropped.
    shutdown: (timeoutMs = 5_000) =>
      (closed ??= (async () => {
        if (!stalled) await flush(timeoutMs);
        exporter.stopping = true;
        await exporter.shutdown();
        await within(provider.shutdown(), 50);
        reportDropped();
      })()),
  };
}
