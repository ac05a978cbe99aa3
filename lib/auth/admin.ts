// The admin account, kept in step with STUDIO_ADMIN_PASSWORD: created on first use, its password
// hash replaced when the variable changes. Hashing and verifying are better-auth's (scrypt).
import { env } from "@/lib/env";
import { adminEmail } from "./config";
import { getAuth } from "./server";

let ensured: Promise<void> | undefined;

export function ensureAdminAccount(): Promise<void> {
  ensured ??= syncAdmin().catch((error: unknown) => {
    ensured = undefined; // try again on the next sign-in
    throw error;
  });
  return ensured;
}

async function syncAdmin(): Promise<void> {
  const password = env().STUDIO_ADMIN_PASSWORD;
  if (!password) return;
  const context = await getAuth().$context;
  const email = adminEmail();
  const found = await context.internalAdapter.findUserByEmail(email, { includeAccounts: true });
  if (!found) {
    const user = await context.internalAdapter.createUser({ email, name: "Admin", emailVerified: true }, { method: "email-password" });
    await context.internalAdapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: await context.password.hash(password) });
    return;
  }
  const credential = found.accounts.find((account) => account.providerId === "credential");
  if (!credential) {
    await context.internalAdapter.linkAccount({ userId: found.user.id, providerId: "credential", accountId: found.user.id, password: await context.password.hash(password) });
  } else if (!credential.password || !(await context.password.verify({ hash: credential.password, password }))) {
    await context.internalAdapter.updatePassword(found.user.id, await context.password.hash(password));
  }
}
