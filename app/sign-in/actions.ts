"use server";
// Sign-in (the admin's password, or an OIDC provider) and sign-out, through better-auth.
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { clientAddressOf } from "@/lib/auth/client-address";
import { admitSignIn, attemptNotChecked, auditRefusedRequest, auditSignInFailure, isWrongPassword, signInSucceeded, throttledMessage } from "@/lib/auth/sign-in-throttle";
import { errorMessage } from "@/lib/errors";
import { ensureAdminAccount } from "@/lib/auth/admin";
import { prisma } from "@/lib/db";
import { adminEmail, signInConfigured } from "@/lib/auth/config";
import { getAuth } from "@/lib/auth/server";

export type SignInState = { readonly message: string | null; readonly email: string };

const credentialsSchema = z.object({
  email: z.email().max(200),
  password: z.string().min(1).max(200),
  next: z.string().max(500).optional(),
});

/** better-auth's APIError: its code (`INVALID_EMAIL_OR_PASSWORD` …) and HTTP status; nulls for anything else. */
function apiErrorOf(error: unknown): { code: string | null; status: number } {
  const record = (typeof error === "object" && error !== null ? error : {}) as { body?: { code?: unknown }; statusCode?: unknown };
  return { code: typeof record.body?.code === "string" ? record.body.code : null, status: typeof record.statusCode === "number" ? record.statusCode : 500 };
}

/** Only a path on this site: an absolute or protocol-relative URL would make sign-in an open redirect. */
function safeNext(next: string | undefined): string {
  return next && /^\/(?!\/)[^\\\s]*$/.test(next) ? next : "/";
}

export async function signInAction(_previous: SignInState, form: FormData): Promise<SignInState> {
  const email = String(form.get("email") ?? adminEmail()).slice(0, 200);
  if (!signInConfigured()) return { message: "Sign-in is not configured on this server (set STUDIO_ADMIN_PASSWORD)", email };
  const parsed = credentialsSchema.safeParse({ email, password: form.get("password"), next: form.get("next") ?? undefined });
  if (!parsed.success) return { message: "Enter an email and a password", email };
  // Password guessing is slowed per client address, never per account (lib/auth/sign-in-throttle.ts).
  const requestHeaders = await headers();
  const client = clientAddressOf(requestHeaders);
  const admission = admitSignIn(client);
  if (!admission.allowed) {
    await auditSignInFailure(prisma, { email: parsed.data.email, client, path: "form", admission });
    return { message: throttledMessage(admission.retryAfterS), email };
  }
  await ensureAdminAccount();
  try {
    await getAuth().api.signInEmail({ body: { email: parsed.data.email, password: parsed.data.password }, headers: requestHeaders });
  } catch (error) {
    const { code, status } = apiErrorOf(error);
    if (isWrongPassword(code)) {
      await auditSignInFailure(prisma, { email: parsed.data.email, client, path: "form", admission });
      return { message: "Wrong email or password", email };
    }
    // Refused before any password was checked: not a failed sign-in, and not counted towards the throttle.
    attemptNotChecked(admission);
    await auditRefusedRequest(prisma, { email: parsed.data.email, client, path: "form", status, reason: code ?? errorMessage(error) });
    return { message: "Sign-in was refused by the server before the password was checked; ask its administrator (is BETTER_AUTH_URL this site's address?)", email };
  }
  signInSucceeded(admission);
  redirect(safeNext(parsed.data.next));
}

export async function signInWithProviderAction(form: FormData): Promise<void> {
  const providerId = String(form.get("providerId") ?? "");
  const callbackURL = safeNext(String(form.get("next") ?? "/"));
  // Generic OAuth providers are used through better-auth's standard social sign-in endpoint.
  const result = await getAuth().api.signInSocial({ body: { provider: providerId, callbackURL }, headers: await headers() });
  if (!result.url) redirect("/sign-in");
  redirect(result.url);
}

export async function signOutAction(): Promise<void> {
  await getAuth().api.signOut({ headers: await headers() });
  redirect("/");
}
