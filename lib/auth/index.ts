// Sign-in and the guard for changes. Mutations: `const actor = await requireActor("run.cancel", id)`,
// then the change, then `await recordAudit(db, actor, "run.cancel", id)`.
export { requireActor, currentUser, NotSignedInError, LOCAL_ACTOR, type Actor } from "./guard";
export { recordAudit, type AuditAction } from "./audit";
export { signInConfigured, pagesArePrivate, adminEmail } from "./config";
