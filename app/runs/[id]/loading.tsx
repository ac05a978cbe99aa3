import { PanelSkeleton } from "@/components/runs/panel-skeleton";

export default function RunLoading() {
  return (
    <div className="space-y-6">
      <PanelSkeleton rows={2} />
      <PanelSkeleton height={320} />
    </div>
  );
}
