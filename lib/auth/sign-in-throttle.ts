// THE sign-in throttle, for every way of checking a password (the sign-in form's server action and
// better-auth's /api/auth/sign-in/email). Keyed on the client's address (client-address.ts), never on
// the account: an anonymous client cannot lock anybody else out, the admin included; it only slows
// itself down. Each client gets a few free attempts, then waits 1 s, 2 s, 4 s… (at most 15 min)
// between attempts; a successful sign-in from the client clears its record.
// An attempt is counted as a failure as soon as it is admitted, so a burst of parallel requests
// cannot slip in before the first failure is known; success takes it back.
// The state is per server process (on globalThis: Next bundles the route and the action apart).
import { setBounded } from "@/lib/bounded-map";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { recordAudit } from "./audit";
import { throttleKey } from "./client-address";

/** Attempts a client may make back to back before waiting. */
export const FREE_ATTEMPTS = 3;
const FIRST_WAIT_MS = 1_000;
export const MAX_WAIT_MS = 15 * 60_000;
/** A client with no attempt for this long starts afresh. */
const FORGET_AFTER_MS = 60 * 60_000;
/** Clients remembered at once; the longest-idle is forgotten first. */
const MAX_CLIENTS = 50_000;

interface ClientRecord {
  failures: number;
  /** Earliest time of the next admitted attempt. */
  nextAt: number;
  lastAt: number;
  /** Whether a refusal has been audited since the last admitted attempt (one audit row per wait). */
  refusalAudited: boolean;
}

const storeKey = Symbol.for("workbench.signInThrottle");
const globalStore = globalThis as typeof globalThis & { [storeKey]?: Map<string, ClientRecord> };
const clients = (globalStore[storeKey] ??= new Map());

/** Wait imposed after `failures` failures: none for the free ones, then doubling from 1 s, capped. */
export function waitAfter(failures: number): number {
  if (failures < FREE_ATTEMPTS) return 0;
  return Math.min(FIRST_WAIT_MS * 2 ** (failures - FREE_ATTEMPTS), MAX_WAIT_MS);
}

export type Admission =
  | { readonly allowed: true; readonly key: string }
  | { readonly allowed: false; readonly key: string; readonly retryAfterS: number; readonly firstRefusal: boolean };

/** May `client` try a password now? If so the attempt is already counted as a failure (see header). */
export function admitSignIn(client: string, now = Date.now()): Admission {
  const key = throttleKey(client);
  let record = clients.get(key);
  if (record && now - record.lastAt > FORGET_AFTER_MS) record = undefined;
  if (record && now < record.nextAt) {
    const firstRefusal = !record.refusalAudited;
    record.refusalAudited = true;
    return { allowed: false, key, retryAfterS: Math.ceil((record.nextAt - now) / 1000), firstRefusal };
  }
  const failures = (record?.failures ?? 0) + 1;
  setBounded(clients, key, { failures, nextAt: now + waitAfter(failures), lastAt: now, refusalAudited: false }, MAX_CLIENTS);
  return { allowed: true, key };
}

/**
 * The admitted attempt was refused before any password was checked (a foreign origin, a wrong content
 * type, a malformed body, better-auth's own limiter): it is taken back, so only checked passwords count.
 */
export function attemptNotChecked(admission: Admission, now = Date.now()): void {
  const record = clients.get(admission.key);
  if (!record) return;
  const failures = record.failures - 1;
  if (failures <= 0) clients.delete(admission.key);
  else Object.assign(record, { failures, nextAt: Math.min(record.nextAt, now + waitAfter(failures)) });
}

/** better-auth's error codes for a password it checked and found wrong (the only failures that count). */
const WRONG_PASSWORD_CODES: ReadonlySet<string> = new Set(["INVALID_EMAIL_OR_PASSWORD", "INVALID_PASSWORD"]);

/** Did better-auth check a password and find it wrong? Judged by its error code, not by the status alone. */
export function isWrongPassword(code: unknown): boolean {
  return typeof code === "string" && WRONG_PASSWORD_CODES.has(code);
}

/** The admitted attempt signed in: the client's record is cleared. */
export function signInSucceeded(admission: Admission): void {
  clients.delete(admission.key);
}

/** Forgets every client (tests). */
export function resetSignInThrottle(): void {
  clients.clear();
  refusalsAudited.clear();
}

export type SignInPath = "form" | "api";

/**
 * Audits a failed sign-in: every wrong password, and the first refused attempt of each wait (later
 * refusals of the same wait only go to the server log, so a client hammering the endpoint cannot
 * grow the audit table by more than one row per wait).
 */
export async function auditSignInFailure(
  db: PrismaClient,
  attempt: { email: string | null; client: string; path: SignInPath; admission: Admission },
): Promise<void> {
  const { admission } = attempt;
  const detail = { client: attempt.client, path: attempt.path };
  if (admission.allowed) {
    await recordAudit(db, { userId: null, label: attempt.email ?? "unknown" }, "auth.sign_in_failed", null, detail);
    return;
  }
  console.warn(`[auth] sign-in from ${attempt.client} refused: throttled for ${admission.retryAfterS} s`);
  if (admission.firstRefusal) {
    await recordAudit(db, { userId: null, label: attempt.email ?? "unknown" }, "auth.sign_in_throttled", null, { ...detail, retryAfterS: admission.retryAfterS });
  }
}

/**
 * Audits an admitted attempt that better-auth's own rate limiter refused (HTTP 429) before any password
 * was checked: a throttled attempt, not a failed sign-in.
 */
export async function auditLimiterRefusal(db: PrismaClient, attempt: { email: string | null; client: string; path: SignInPath }): Promise<void> {
  console.warn(`[auth] sign-in from ${attempt.client} refused by better-auth's rate limiter`);
  await recordAudit(db, { userId: null, label: attempt.email ?? "unknown" }, "auth.sign_in_throttled", null, {
    client: attempt.client,
    path: attempt.path,
    limiter: "better-auth",
  });
}

/** Clients whose refused request was audited lately: one `auth.request_refused` row per client per window. */
const refusalsKey = Symbol.for("workbench.signInRefusals");
const refusalStore = globalThis as typeof globalThis & { [refusalsKey]?: Map<string, number> };
const refusalsAudited = (refusalStore[refusalsKey] ??= new Map());
const REFUSAL_AUDIT_WINDOW_MS = 10 * 60_000;

/**
 * Audits a sign-in request refused before any password was checked, as what it is: `auth.request_refused`
 * with the status and better-auth's reason (e.g. 403 INVALID_ORIGIN: the server's public URL is not
 * BETTER_AUTH_URL). It does not count towards the throttle, so its audit rows are bounded apart: the
 * first per client in ten minutes, the others only in the server log.
 */
export async function auditRefusedRequest(
  db: PrismaClient,
  attempt: { email: string | null; client: string; path: SignInPath; status: number; reason: string },
  now = Date.now(),
): Promise<void> {
  console.warn(`[auth] sign-in request from ${attempt.client} refused before any password was checked: ${attempt.status} ${attempt.reason}`);
  const key = throttleKey(attempt.client);
  const last = refusalsAudited.get(key);
  if (last !== undefined && now - last < REFUSAL_AUDIT_WINDOW_MS) return;
  setBounded(refusalsAudited, key, now, MAX_CLIENTS);
  await recordAudit(db, { userId: null, label: attempt.email ?? "unknown" }, "auth.request_refused", null, {
    client: attempt.client,
    path: attempt.path,
    status: attempt.status,
    reason: attempt.reason.slice(0, 200),
  });
}

/** The message shown (form) or sent (API) to a throttled client. */
export function throttledMessage(retryAfterS: number): string {
  return `Too many failed sign-in attempts from your address: try again in ${retryAfterS} s`;
}
