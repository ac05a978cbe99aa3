import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

export default function NotFound() {
  return (
    <EmptyState
      testId="not-found"
      title="Not found"
      action={<ButtonLink href="/" variant="secondary">Back to datasets</ButtonLink>}
    >
      This page, run or task does not exist (it may have been deleted).
    </EmptyState>
  );
}
