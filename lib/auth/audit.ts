// The audit trail: who did what to which target, and when. Written by the guarded actions after the
// change succeeded, and by the sign-in throttle for failed sign-ins (bounded by its backoff, so
// anonymous traffic cannot fill it); other denied attempts go to the server log only.
import type { PrismaClient } from "@/lib/generated/prisma/client";

/** Who is acting: a signed-in user, or the local operator when sign-in is off. */
export interface Actor {
  readonly userId: string | null;
  /** Shown on run pages and in the audit table: the user's email, or "local". */
  readonly label: string;
}

export type AuditAction = "run.launch" | "run.cancel" | "run.rescore" | "run.delete" | "data.import" | (string & {});

export async function recordAudit(
  db: PrismaClient,
  actor: Actor,
  action: AuditAction,
  target: string | null,
  detail?: Record<string, string | number | boolean | null>,
): Promise<void> {
  await db.auditEvent.create({ data: { actor: actor.label, actorId: actor.userId, action, target, detail: detail ?? undefined } });
}
