import type { Metadata } from "next";
import { SignInForm } from "@/components/auth/sign-in-form";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { adminEmail, signInConfigured } from "@/lib/auth/config";
import { oidcProviders } from "@/lib/auth/config";
import { signInWithProviderAction } from "./actions";

export const metadata: Metadata = { title: "Sign in" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function SignInPage({ searchParams }: Props) {
  const nextParam = (await searchParams).next;
  const next = typeof nextParam === "string" ? nextParam : "/";
  if (!signInConfigured()) {
    return (
      <PageHeader
        title="Sign in"
        description="Sign-in is not configured: this server accepts changes from its own machine only (it listens on 127.0.0.1). Set STUDIO_ADMIN_PASSWORD to enable it."
      />
    );
  }
  const providers = oidcProviders();
  return (
    <>
      <PageHeader title="Sign in" description="Launching, cancelling, re-scoring, importing and deleting need a signed-in session." />
      <Card className="max-w-md">
        <CardHeader title="Admin account" />
        <CardBody>
          <SignInForm defaultEmail={adminEmail()} next={next} />
        </CardBody>
      </Card>
      {providers.length > 0 ? (
        <Card className="mt-6 max-w-md">
          <CardHeader title="Single sign-on" />
          <CardBody className="flex flex-wrap gap-2">
            {providers.map((provider) => (
              <form key={provider.providerId} action={signInWithProviderAction}>
                <input type="hidden" name="providerId" value={provider.providerId} />
                <input type="hidden" name="next" value={next} />
                <Button type="submit" variant="secondary">
                  Continue with {provider.name ?? provider.providerId}
                </Button>
              </form>
            ))}
          </CardBody>
        </Card>
      ) : null}
    </>
  );
}
