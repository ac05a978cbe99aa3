import { PanelSkeleton } from "@/components/runs/panel-skeleton";

export default function LeaderboardLoading() {
  return <PanelSkeleton rows={10} />;
}
