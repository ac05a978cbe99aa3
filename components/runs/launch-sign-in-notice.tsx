"use client";

import Link from "next/link";
import { useEffect, type RefObject } from "react";

/** Where the sign-in link goes: the sign-in page, which sends the user back to `returnTo` after. */
export function signInHref(returnTo: string): string {
  return `/sign-in?next=${encodeURIComponent(returnTo)}`;
}

/**
 * Said at the top of a form whose submission needs a session the user does not have, before
 * anything is typed or sent; the link comes back to the form once signed in.
 */
export function SignInNotice({ returnTo }: { returnTo: string }) {
  return (
    <p className="rounded-lg border border-warn/30 bg-warn-soft px-4 py-2 text-sm text-ink" role="status" data-testid="sign-in-needed">
      Launching a run needs a signed-in session: you are not signed in.{" "}
      <Link href={signInHref(returnTo)} className="font-medium text-accent underline" data-testid="sign-in-to-launch">
        Sign in
      </Link>{" "}
      and you come back to this form.
    </p>
  );
}

/**
 * After each answer of the server, brings the error into view and gives it focus: the form-level
 * message when there is one, else the first invalid field. (The form's top may be far above the
 * button the user pressed.)
 */
export function useFocusFirstError(formRef: RefObject<HTMLFormElement | null>, answer: unknown): void {
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const target = form.querySelector<HTMLElement>('[data-form-error], [aria-invalid="true"]');
    if (!target) return;
    target.scrollIntoView({ block: "center" });
    target.focus({ preventScroll: true });
  }, [formRef, answer]);
}
