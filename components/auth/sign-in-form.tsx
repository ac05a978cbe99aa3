"use client";

import { useActionState } from "react";
import { signInAction, type SignInState } from "@/app/sign-in/actions";
import { Button } from "@/components/ui/button";
import { FormField, inputClasses } from "@/components/runs/form-field";

export function SignInForm({ defaultEmail, next }: { defaultEmail: string; next: string }) {
  const [state, formAction, pending] = useActionState<SignInState, FormData>(signInAction, { message: null, email: defaultEmail });
  return (
    <form action={formAction} className="space-y-4" data-testid="sign-in-form">
      {state.message ? (
        <p className="rounded-lg bg-bad-soft px-4 py-2 text-sm text-bad" role="alert" data-testid="sign-in-error">
          {state.message}
        </p>
      ) : null}
      <input type="hidden" name="next" value={next} />
      <FormField name="email" label="Email">
        <input id="email" name="email" type="email" autoComplete="username" className={inputClasses} defaultValue={state.email} />
      </FormField>
      <FormField name="password" label="Password">
        <input id="password" name="password" type="password" autoComplete="current-password" className={inputClasses} />
      </FormField>
      <Button type="submit" disabled={pending} data-testid="sign-in-submit">
        {pending ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
