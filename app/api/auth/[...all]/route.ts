// better-auth's HTTP endpoints (OIDC redirects and callbacks, session reads). Sign-in with a password
// and sign-out go through server actions (app/sign-in/actions.ts).
import { toNextJsHandler } from "better-auth/next-js";
import { getAuth } from "@/lib/auth/server";

export const { GET, POST } = toNextJsHandler((request: Request) => getAuth().handler(request));
