// Where an external agent reaches this server, for the URLs a claim hands out (MCP, finish, turns).
// WORKBENCH_PUBLIC_URL when set; else the host the agent itself used (the request's Host header), or
// the X-Forwarded-Host/-Proto of a trusted proxy (STUDIO_TRUSTED_PROXIES, copied by the client-address
// layer). Never the server's own idea of its origin: behind `next start` a Request's url says
// http://localhost:<port> whatever the client asked for, which an agent on another machine cannot use.
import { clientAddressLayerInstalled, TRUSTED_FORWARDED_HOST_HEADER, TRUSTED_FORWARDED_PROTO_HEADER } from "@/lib/auth/client-address";
import { isIP } from "node:net";
import { env, type EnvPart } from "@/lib/env";
import { DEFAULT_HOST } from "@/lib/security/bind-host";

/** host, host:port, IPv4 or [IPv6] with an optional port: anything else in Host is ignored. */
const HOST_PATTERN = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

export interface PublicUrlSources {
  /** WORKBENCH_PUBLIC_URL. */
  readonly configured?: string;
  /** Whether the trusted-forwarding headers were written by this process's client-address layer. */
  readonly layerInstalled: boolean;
}

function defaultSources(): PublicUrlSources {
  return { configured: env().WORKBENCH_PUBLIC_URL, layerInstalled: clientAddressLayerInstalled() };
}

/** The base URL (no trailing slash) agents should use to reach this server, for this request. */
export function publicBaseUrl(request: Request, sources: PublicUrlSources = defaultSources()): string {
  if (sources.configured) return sources.configured.replace(/\/+$/, "");
  const own = new URL(request.url);
  // Without the layer, a client could send these headers itself: they are then ignored.
  const forwardedHost = sources.layerInstalled ? validHost(request.headers.get(TRUSTED_FORWARDED_HOST_HEADER)) : null;
  const forwardedProto = sources.layerInstalled ? request.headers.get(TRUSTED_FORWARDED_PROTO_HEADER)?.toLowerCase() : undefined;
  const host = forwardedHost ?? validHost(request.headers.get("host")) ?? own.host;
  const protocol = forwardedProto === "https" || forwardedProto === "http" ? forwardedProto : own.protocol.replace(/:$/, "");
  return `${protocol}://${host}`;
}

function validHost(value: string | null | undefined): string | null {
  const host = value?.trim();
  return host && host.length <= 270 && HOST_PATTERN.test(host) ? host : null;
}

/**
 * For hints printed by the CLI (no request at hand): WORKBENCH_PUBLIC_URL, else where `npm start`
 * listens with this environment (HOST, PORT). A wildcard bind address is not one an agent can dial, so
 * this machine's host name stands in for it.
 */
export function studioUrlForHints(environment: EnvPart = env(), hostname = "localhost"): string {
  const configured = environment.WORKBENCH_PUBLIC_URL?.trim();
  if (configured) return configured.replace(/\/+$/, "");
  const bound = environment.HOST?.trim() || DEFAULT_HOST;
  const host = bound === "0.0.0.0" || bound === "::" ? hostname : bound;
  const port = environment.PORT ?? 3000;
  return `http://${isIP(host) === 6 ? `[${host}]` : host}:${port}`;
}
