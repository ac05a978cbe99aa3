// Bearer secrets (external agents' run and session tokens): random, shown once, stored only as SHA-256 (a database leak
// reveals no usable token). Looked up by hash, compared in constant time where the row is known first.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** `wbr_…` authenticates an agent for a run (claim/finish/turns); `wbs_…` one MCP session. */
export type SecretKind = "wbr" | "wbs";

export function newSecret(kind: SecretKind): string {
  return `${kind}_${randomBytes(32).toString("base64url")}`;
}

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

export function secretMatches(secret: string, storedHash: string): boolean {
  const actual = Buffer.from(hashSecret(secret), "hex");
  const expected = Buffer.from(storedHash, "hex");
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(headers: Headers): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(headers.get("authorization") ?? "");
  return match?.[1] ?? null;
}

/**
 * The WWW-Authenticate of a 401 (RFC 6750 §3): a token that was sent but opens nothing is
 * `error="invalid_token"`; a request that sent none gets the bare challenge, as §3.1 asks.
 */
export function bearerChallenge(token: string | null): string {
  return token ? 'Bearer realm="workbench-studio", error="invalid_token", error_description="this token does not open this resource"' : 'Bearer realm="workbench-studio"';
}
