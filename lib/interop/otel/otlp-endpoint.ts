// Where and how spans are sent, from the standard variables, by the OpenTelemetry exporter spec's rules
// (specification/protocol/exporter.md):
//   - OTEL_EXPORTER_OTLP_TRACES_ENDPOINT is the traces URL, used as given (no path appended; none means "/");
//   - else OTEL_EXPORTER_OTLP_ENDPOINT is a base URL and `v1/traces` is appended to its path;
//   - OTEL_EXPORTER_OTLP_TRACES_PROTOCOL, else OTEL_EXPORTER_OTLP_PROTOCOL, else http/protobuf (the
//     spec's default); grpc is refused when the environment is parsed (lib/env.ts);
//   - OTEL_EXPORTER_OTLP_TRACES_HEADERS over OTEL_EXPORTER_OTLP_HEADERS, key by key.
import type { OTLP_PROTOCOLS } from "@/lib/env";

export type OtlpProtocol = (typeof OTLP_PROTOCOLS)[number];
export const DEFAULT_OTLP_PROTOCOL: OtlpProtocol = "http/protobuf";

export interface OtlpTraceVariables {
  readonly OTEL_EXPORTER_OTLP_ENDPOINT?: string;
  readonly OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?: string;
  readonly OTEL_EXPORTER_OTLP_PROTOCOL?: OtlpProtocol;
  readonly OTEL_EXPORTER_OTLP_TRACES_PROTOCOL?: OtlpProtocol;
  readonly OTEL_EXPORTER_OTLP_HEADERS?: string;
  readonly OTEL_EXPORTER_OTLP_TRACES_HEADERS?: string;
}

export interface OtlpTraceTarget {
  /** The URL spans are posted to. */
  readonly url: string;
  readonly protocol: OtlpProtocol;
  readonly headers: Readonly<Record<string, string>>;
}

/** `<base>/v1/traces`: the base URL's path kept, one slash between (the spec's example: `…/mycollector/v1/traces`). */
export function tracesUrlOfBase(base: string): string {
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/\/+$/, "")}/v1/traces`;
  return url.toString();
}

/** `key=value,key2=value2` with percent-encoded values (the OTLP exporter's header format). */
export function parseOtlpHeaders(text: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const pair of (text ?? "").split(",")) {
    const at = pair.indexOf("=");
    if (at <= 0) continue;
    headers[decodeURIComponent(pair.slice(0, at).trim())] = decodeURIComponent(pair.slice(at + 1).trim());
  }
  return headers;
}

/** The traces target the variables name; null when neither endpoint is set (tracing off). */
export function otlpTraceTarget(vars: OtlpTraceVariables): OtlpTraceTarget | null {
  const signal = vars.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  const base = vars.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!signal && !base) return null;
  return {
    url: signal ? new URL(signal).toString() : tracesUrlOfBase(base as string),
    protocol: vars.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? vars.OTEL_EXPORTER_OTLP_PROTOCOL ?? DEFAULT_OTLP_PROTOCOL,
    headers: { ...parseOtlpHeaders(vars.OTEL_EXPORTER_OTLP_HEADERS), ...parseOtlpHeaders(vars.OTEL_EXPORTER_OTLP_TRACES_HEADERS) },
  };
}
