// THE guard for every change: launch, cancel, re-score, import, delete — every mutating server action
// and route handler calls `requireActor(action)` before touching anything, and records the change with
// `recordAudit` afterwards. With sign-in configured (STUDIO_ADMIN_PASSWORD or STUDIO_OIDC_PROVIDERS) it
// demands a session; without, the server only listens on loopback (scripts/start.ts) and the actor is
// "local".
import { headers } from "next/headers";
import { signInConfigured } from "./config";
import { getAuth } from "./server";
import type { Actor, AuditAction } from "./audit";
import { CodedError } from "@/lib/errors";

export const LOCAL_ACTOR: Actor = { userId: null, label: "local" };

/** Thrown when a change is attempted without the session it needs; actions turn it into a message. */
export class NotSignedInError extends CodedError<"unauthenticated"> {
  constructor(readonly action: AuditAction) {
    super("unauthenticated", "Sign in to make changes");
    this.name = "NotSignedInError";
  }
}

/** The signed-in user of this request, or null (also null when sign-in is off). */
export async function currentUser(): Promise<Actor | null> {
  if (!signInConfigured()) return null;
  const session = await getAuth().api.getSession({ headers: await headers() });
  return session ? { userId: session.user.id, label: session.user.email } : null;
}

/** Returns who may perform `action`, or throws NotSignedInError. Call it first in every mutation. */
export async function requireActor(action: AuditAction, target?: string): Promise<Actor> {
  if (!signInConfigured()) return LOCAL_ACTOR;
  const user = await currentUser();
  if (user) return user;
  console.warn(`[auth] refused ${action}${target ? ` on ${target}` : ""} without a session`);
  throw new NotSignedInError(action);
}
