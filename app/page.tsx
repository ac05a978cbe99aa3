import { PageHeader } from "@/components/ui/page-header";

// Placeholder until the datasets query lands (helper C, next commit).
export default function HomePage() {
  return <PageHeader title="Datasets" description="WorkBench ground-truth versions imported into this studio." />;
}
