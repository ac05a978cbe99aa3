// The OTLP/HTTP span exporter (http/protobuf or http/json, bodies from otlp-exporter.ts), with one
// difference from the SDK's transport: shutting down abandons what is still in flight. The SDK's exporter retries a refused connection on timers and waits on a silent
// collector's socket for its whole timeout (10 s), and both kept a finished process alive that long
// after its last task. Here every request and retry wait is tied to one AbortController that shutdown()
// aborts (after the caller's bounded flush), and retry waits never hold the event loop on their own.
import type { ExportResult } from "@opentelemetry/core";
import { ExportResultCode } from "@opentelemetry/core";
import type { ReadableSpan, SpanExporter } from "@opentelemetry/sdk-trace-base";

export interface AbortableExporterOptions {
  /** The full URL, `<endpoint>/v1/traces`. */
  readonly url: string;
  /** The body of a batch, in the protocol's encoding, and its content type. */
  readonly encode: (spans: ReadableSpan[]) => Uint8Array;
  readonly contentType: string;
  readonly headers: Readonly<Record<string, string>>;
  /** How long one export (its retries included) may take. */
  readonly timeoutMillis: number;
}

/** Answers worth another try (the OTLP spec's retryable statuses); others fail the export at once. */
const RETRYABLE_STATUSES = new Set([429, 502, 503, 504]);
const FIRST_BACKOFF_MS = 1_000;
const MAX_BACKOFF_MS = 5_000;

export class AbortableOtlpExporter implements SpanExporter {
  private readonly stopping = new AbortController();
  private readonly options: AbortableExporterOptions;

  constructor(options: AbortableExporterOptions) {
    this.options = withCredentialsInHeader(options);
  }

  export(spans: ReadableSpan[], done: (result: ExportResult) => void): void {
    if (this.stopping.signal.aborted) {
      done({ code: ExportResultCode.FAILED, error: new Error("the exporter is shut down") });
      return;
    }
    this.send(this.options.encode(spans)).then(
      () => done({ code: ExportResultCode.SUCCESS }),
      (error: unknown) => done({ code: ExportResultCode.FAILED, error: error instanceof Error ? error : new Error(String(error)) }),
    );
  }

  /** Abandons every request and retry wait still going: their spans count as failed. */
  shutdown(): Promise<void> {
    this.stopping.abort(new Error("the process is stopping"));
    return Promise.resolve();
  }

  forceFlush(): Promise<void> {
    return Promise.resolve();
  }

  private async send(body: Uint8Array): Promise<void> {
    const deadline = Date.now() + this.options.timeoutMillis;
    for (let backoff = FIRST_BACKOFF_MS; ; backoff = Math.min(backoff * 1.5, MAX_BACKOFF_MS)) {
      const left = deadline - Date.now();
      const signal = AbortSignal.any([this.stopping.signal, AbortSignal.timeout(Math.max(1, left))]);
      let retryable: Error;
      try {
        const response = await fetch(this.options.url, {
          method: "POST",
          headers: { ...this.options.headers, "Content-Type": this.options.contentType },
          body: body as Uint8Array<ArrayBuffer>,
          signal,
        });
        await response.arrayBuffer().catch(() => undefined); // frees the connection
        if (response.ok) return;
        const failure = new Error(`the collector answered HTTP ${response.status}`);
        if (!RETRYABLE_STATUSES.has(response.status)) throw failure;
        retryable = failure;
      } catch (error) {
        if (signal.aborted) throw this.stopping.signal.aborted ? this.stopping.signal.reason : new Error("Request timed out");
        if (!(error instanceof TypeError)) throw error; // fetch's network failures are TypeErrors (refused, reset, DNS)
        retryable = new Error(causeOf(error));
      }
      if (Date.now() + backoff >= deadline) throw retryable;
      await pause(backoff, this.stopping.signal);
    }
  }
}

/**
 * A collector URL with credentials (`http://user:pw@collector:4318`): fetch refuses such URLs and would
 * quote it whole in its error, so the credentials go in a Basic Authorization header instead (unless
 * OTEL_EXPORTER_OTLP_HEADERS already sets one) and the URL is sent without them.
 */
function withCredentialsInHeader(options: AbortableExporterOptions): AbortableExporterOptions {
  let url: URL;
  try {
    url = new URL(options.url);
  } catch {
    return options;
  }
  if (!url.username && !url.password) return options;
  const basic = Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString("base64");
  url.username = "";
  url.password = "";
  const hasAuthorization = Object.keys(options.headers).some((name) => name.toLowerCase() === "authorization");
  return { ...options, url: url.toString(), headers: hasAuthorization ? options.headers : { ...options.headers, authorization: `Basic ${basic}` } };
}

/** fetch's network error, in the words of its cause (`connect ECONNREFUSED 127.0.0.1:4318`). */
function causeOf(error: TypeError): string {
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error && cause.message ? cause.message : error.message;
}

/** Waits `ms` without holding the event loop, or until `signal` aborts (then rejects with its reason). */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    timer.unref();
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
