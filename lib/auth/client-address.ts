// Who is the client of a request? Next.js hands route handlers and server actions a Request without
// its socket, and `next start` keeps a client-supplied X-Forwarded-For as it is (it only fills the
// header in when absent), so neither can be trusted for throttling. The answer is taken where the
// socket is still known: a subscriber to Node's `http.server.request.start` diagnostics channel,
// installed once per server process (instrumentation.ts), runs before Next sees the request and
// overwrites CLIENT_ADDRESS_HEADER with the peer address, or, when the peer is a configured trusted
// proxy (STUDIO_TRUSTED_PROXIES), with the first untrusted address of its X-Forwarded-For chain.
// Whatever a client sends in that header is replaced, on every request of the process, and the
// forwarding headers (X-Forwarded-*, Forwarded) of a peer that is not a trusted proxy are removed.
import { BlockList, isIP } from "node:net";
import { trustedProxies } from "./config";

export const CLIENT_ADDRESS_HEADER = "x-studio-client-address";
/**
 * X-Forwarded-Host / X-Forwarded-Proto as a trusted proxy sent them, copied by the layer only when the
 * peer is one (lib/external-runs/public-url.ts builds agents' URLs from them); removed on every other request.
 */
export const TRUSTED_FORWARDED_HOST_HEADER = "x-studio-forwarded-host";
export const TRUSTED_FORWARDED_PROTO_HEADER = "x-studio-forwarded-proto";
/** The key of requests whose client cannot be known (no layer installed): they share one budget. */
export const UNKNOWN_CLIENT = "unknown";

const installedKey = Symbol.for("workbench.clientAddressLayer");
const globalLayer = globalThis as typeof globalThis & { [installedKey]?: true };

/** "::ffff:1.2.3.4" → "1.2.3.4"; anything else unchanged (trimmed). */
function plain(address: string): string {
  const trimmed = address.trim();
  return trimmed.toLowerCase().startsWith("::ffff:") && isIP(trimmed.slice(7)) === 4 ? trimmed.slice(7) : trimmed;
}

/** STUDIO_TRUSTED_PROXIES as a BlockList (addresses and CIDR ranges), or null when none is configured. */
export function trustedProxyList(entries: readonly string[] = trustedProxies()): BlockList | null {
  if (entries.length === 0) return null;
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", prefix] = entry.split("/");
    const family = isIP(address);
    const type = family === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

function isTrusted(address: string, trusted: BlockList | null): boolean {
  const family = isIP(address);
  return trusted !== null && family !== 0 && trusted.check(address, family === 6 ? "ipv6" : "ipv4");
}

/**
 * The client behind a connection from `peer`: the peer itself, unless it is a trusted proxy; then the
 * X-Forwarded-For chain is read from the right (the hop our proxy added) and the first address that is
 * not itself a trusted proxy is the client. Entries a client wrote on the left are never reached
 * while a hop to their right is untrusted.
 */
export function resolveClientAddress(peer: string | undefined, forwardedFor: string | undefined, trusted: BlockList | null): string {
  if (!peer) return UNKNOWN_CLIENT;
  let client = plain(peer);
  if (!isTrusted(client, trusted) || !forwardedFor) return client;
  const hops = forwardedFor.split(",").map(plain).filter(Boolean);
  while (hops.length > 0 && isTrusted(client, trusted)) {
    const next = hops.pop()!;
    if (isIP(next) === 0) break; // a malformed hop: stop at the last proxy we trust
    client = next;
  }
  return client;
}

/**
 * The key the throttle counts a client under: an IPv4 address as is, an IPv6 address by its /64 (one
 * host usually holds a whole /64, and would otherwise rotate through it).
 */
export function throttleKey(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head = "", tail = ""] = address.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}

/** Installs the layer in this process (idempotent). Call from the server's start-up (instrumentation.ts). */
export async function installClientAddressLayer(trusted: BlockList | null = trustedProxyList()): Promise<void> {
  if (globalLayer[installedKey]) return;
  const { subscribe } = await import("node:diagnostics_channel");
  subscribe("http.server.request.start", (message) => {
    const { request, socket } = message as { request: { headers: Record<string, string | string[] | undefined> }; socket: { remoteAddress?: string } };
    const forwarded = request.headers["x-forwarded-for"];
    request.headers[CLIENT_ADDRESS_HEADER] = resolveClientAddress(socket.remoteAddress, Array.isArray(forwarded) ? forwarded.join(",") : forwarded, trusted);
    copyTrustedForwarding(request.headers, socket.remoteAddress, trusted);
    dropUntrustedForwarding(request.headers, socket.remoteAddress, trusted);
  });
  globalLayer[installedKey] = true;
}

/**
 * Sets (or removes) the trusted X-Forwarded-Host/-Proto copies: kept only from a trusted proxy peer, and
 * only its first entry (the host the client asked for, before any further proxy hop).
 */
export function copyTrustedForwarding(headers: Record<string, string | string[] | undefined>, peer: string | undefined, trusted: BlockList | null): void {
  const fromProxy = peer !== undefined && isTrusted(plain(peer), trusted);
  for (const [source, target] of [["x-forwarded-host", TRUSTED_FORWARDED_HOST_HEADER], ["x-forwarded-proto", TRUSTED_FORWARDED_PROTO_HEADER]] as const) {
    const value = headers[source];
    const first = (Array.isArray(value) ? value[0] : value)?.split(",")[0]?.trim();
    if (fromProxy && first) headers[target] = first;
    else delete headers[target];
  }
}

/**
 * Headers in which a proxy tells where a request came from and how it was sent. Next believes several
 * of them (X-Forwarded-Proto sets the scheme of request.url, X-Forwarded-Host the origin its own
 * action check compares): from a peer that is not a trusted proxy they are removed before Next reads
 * them (Next then fills X-Forwarded-* in from the socket itself).
 */
export const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "x-forwarded-prefix", "x-real-ip"] as const;

/** Removes every forwarding header unless the peer is a trusted proxy. */
export function dropUntrustedForwarding(headers: Record<string, string | string[] | undefined>, peer: string | undefined, trusted: BlockList | null): void {
  if (peer !== undefined && isTrusted(plain(peer), trusted)) return;
  for (const name of FORWARDING_HEADERS) delete headers[name];
}

/** True once installClientAddressLayer ran in this process: only then are the layer's headers ours. */
export function clientAddressLayerInstalled(): boolean {
  return globalLayer[installedKey] === true;
}

let warned = false;

/** The client address of a request's headers; UNKNOWN_CLIENT when the layer is not installed here. */
export function clientAddressOf(headers: Headers): string {
  if (!globalLayer[installedKey]) {
    if (!warned) console.warn("[auth] client addresses unknown (the client-address layer is not installed): sign-in attempts share one throttle");
    warned = true;
    return UNKNOWN_CLIENT;
  }
  return headers.get(CLIENT_ADDRESS_HEADER) ?? UNKNOWN_CLIENT;
}
