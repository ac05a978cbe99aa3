// Where e2e/auth.setup.ts saves the signed-in admin's session (used as the specs' storageState).
import path from "node:path";

export const ADMIN_STATE = path.resolve(import.meta.dirname, "..", "test-results", ".auth", "admin.json");
export const ADMIN_EMAIL = "admin@studio.local";
/** A context with no session at all, for the specs that prove changes need one. */
export const NO_SESSION = { cookies: [], origins: [] };
