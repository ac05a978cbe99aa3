import { Card } from "@/components/ui/card";

/** Placeholder for a panel that is still loading (shown by <Suspense> fallbacks and loading.tsx). */
export function PanelSkeleton({ rows = 4, height }: { rows?: number; height?: number }) {
  return (
    <Card className="animate-pulse p-5" aria-busy="true" data-testid="panel-skeleton">
      <div className="mb-4 h-4 w-40 rounded bg-line" />
      {height ? (
        <div className="rounded bg-canvas" style={{ height }} />
      ) : (
        <div className="space-y-2">
          {Array.from({ length: rows }, (_, index) => (
            <div key={index} className="h-3 rounded bg-canvas" />
          ))}
        </div>
      )}
    </Card>
  );
}
