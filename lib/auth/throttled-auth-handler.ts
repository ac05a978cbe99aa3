// better-auth's HTTP handler behind the sign-in throttle: every endpoint that checks a password goes
// through admitSignIn first (the same per-client record as the sign-in form), its failures are
// audited, and a throttled client gets HTTP 429 with Retry-After before any password is looked at. An
// attempt better-auth's own limiter refuses (its 429) checked no password either: audited as throttled.
import { prisma } from "@/lib/db";
import { ensureAdminAccount } from "./admin";
import { clientAddressOf } from "./client-address";
import { admitSignIn, attemptNotChecked, auditLimiterRefusal, auditRefusedRequest, auditSignInFailure, isWrongPassword, signInSucceeded, throttledMessage } from "./sign-in-throttle";

/** better-auth endpoints (below /api/auth) that verify a password. */
const PASSWORD_CHECKING_PATHS = new Set(["/sign-in/email", "/verify-password", "/change-password", "/delete-user"]);

/** The email a sign-in request names (for the audit row); null when the body has none. */
async function emailOf(request: Request): Promise<string | null> {
  try {
    const body = (await request.clone().json()) as { email?: unknown };
    return typeof body.email === "string" ? body.email.slice(0, 200).toLowerCase() : null;
  } catch {
    return null;
  }
}

/** better-auth's error body (`{ code, message }`), when the response has one. */
async function errorOf(response: Response): Promise<{ code: string | null; message: string | null }> {
  try {
    const body = (await response.clone().json()) as { code?: unknown; message?: unknown };
    return { code: typeof body.code === "string" ? body.code : null, message: typeof body.message === "string" ? body.message : null };
  } catch {
    return { code: null, message: null };
  }
}

export function withSignInThrottle(handle: (request: Request) => Promise<Response>): (request: Request) => Promise<Response> {
  return async (request) => {
    const path = new URL(request.url).pathname.replace(/^\/api\/auth/, "").replace(/\/$/, "");
    if (request.method !== "POST" || !PASSWORD_CHECKING_PATHS.has(path)) return handle(request);
    const client = clientAddressOf(request.headers);
    const admission = admitSignIn(client);
    if (!admission.allowed) {
      await auditSignInFailure(prisma, { email: await emailOf(request), client, path: "api", admission });
      return Response.json(
        { code: "TOO_MANY_ATTEMPTS", message: throttledMessage(admission.retryAfterS) },
        { status: 429, headers: { "retry-after": String(admission.retryAfterS), "cache-control": "no-store" } },
      );
    }
    const email = await emailOf(request);
    await ensureAdminAccount(); // the admin account follows STUDIO_ADMIN_PASSWORD on this path too
    const response = await handle(request);
    if (response.ok) {
      signInSucceeded(admission);
      return response;
    }
    const { code, message } = await errorOf(response);
    if (isWrongPassword(code)) {
      await auditSignInFailure(prisma, { email, client, path: "api", admission }); // the one case that counts
    } else if (response.status === 429) {
      attemptNotChecked(admission); // better-auth's own limiter: no password was checked
      await auditLimiterRefusal(prisma, { email, client, path: "api" });
    } else {
      // Refused before any password was looked at (origin, content type, body shape): not a failed sign-in.
      attemptNotChecked(admission);
      await auditRefusedRequest(prisma, { email, client, path: "api", status: response.status, reason: code ?? message ?? response.statusText });
    }
    return response;
  };
}
