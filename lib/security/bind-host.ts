// Which address the web server listens on: 127.0.0.1 unless HOST says otherwise, and never a
// non-loopback address while sign-in is off (anyone reaching the port could then launch runs that
// spend the server's keys). No framework imports: scripts/start.ts uses it before Next starts.
import { isIP } from "node:net";
import { signInConfigured } from "@/lib/auth/config";
import { env as currentEnv, type EnvPart as Environment } from "@/lib/env";

export const DEFAULT_HOST = "127.0.0.1";

export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (bare === "localhost") return true;
  if (isIP(bare) === 4) return bare.startsWith("127.");
  return bare === "::1" || bare === "::ffff:127.0.0.1";
}

/** The host to bind, or the reason not to start. */
export function bindHost(env: Environment = currentEnv()): { host: string } | { error: string } {
  const host = env.HOST?.trim() || DEFAULT_HOST;
  if (isLoopback(host) || signInConfigured(env)) return { host };
  return {
    error:
      `Refusing to listen on ${host}: sign-in is not configured, so anyone who reaches this port could launch runs ` +
      "with the server's API keys. Set STUDIO_ADMIN_PASSWORD (or STUDIO_OIDC_PROVIDERS), or unset HOST to listen on 127.0.0.1 only.",
  };
}
