"use client";

import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

// Route-level error boundary. The server logs the real error; the browser only gets a digest to quote,
// so database details never reach the page.
// `retry` (Next 16) refreshes the server components before resetting, so a transient database error clears.
export default function ErrorPage({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <EmptyState
      testId="error-boundary"
      title="Something went wrong"
      action={<Button variant="secondary" onClick={retry}>Try again</Button>}
    >
      The page could not be loaded.{error.digest ? <> Reference: <code>{error.digest}</code>.</> : null}
    </EmptyState>
  );
}
