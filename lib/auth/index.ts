// Sign-in and the guard for changes. Mutations: `const actor = await requireActor("run.cancel", id)`,
// then the change, then `await recordAudit(db, actor, "run.cancel", id)`.
export { requireActor, currentUser, NotSignedInError, LOCAL_ACTOR } from "./guard";
export { recordAudit, type Actor, type AuditAction } from "./audit";
export { signInConfigured, pagesArePrivate, adminEmail } from "./config";
