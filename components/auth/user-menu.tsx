import Link from "next/link";
import { signOutAction } from "@/app/sign-in/actions";
import { currentUser, signInConfigured } from "@/lib/auth";

/** The header's sign-in link, or who is signed in and a sign-out button. Nothing when sign-in is off. */
export async function UserMenu() {
  if (!signInConfigured()) return null;
  const user = await currentUser();
  if (!user) {
    return (
      <Link href="/sign-in" className="ml-auto text-sm text-accent" data-testid="sign-in-link">
        Sign in
      </Link>
    );
  }
  return (
    <form action={signOutAction} className="ml-auto flex shrink-0 items-center gap-3 text-sm whitespace-nowrap text-muted" data-testid="user-menu">
      <span className="hidden md:inline" data-testid="signed-in-as">{user.label}</span>
      <button type="submit" className="text-accent" data-testid="sign-out">
        Sign out
      </button>
    </form>
  );
}
