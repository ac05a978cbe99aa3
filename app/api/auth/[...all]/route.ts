// better-auth's HTTP endpoints (OIDC redirects and callbacks, session reads, sign-in for API clients).
// Every endpoint that checks a password is throttled per client like the sign-in form
// (lib/auth/throttled-auth-handler.ts).
import { withSignInThrottle } from "@/lib/auth/throttled-auth-handler";
import { getAuth } from "@/lib/auth/server";

const handle = withSignInThrottle((request: Request) => getAuth().handler(request));

export const GET = handle;
export const POST = handle;
export const PATCH = handle;
export const PUT = handle;
export const DELETE = handle;
