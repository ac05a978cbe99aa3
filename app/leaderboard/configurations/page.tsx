import { redirect } from "next/navigation";

/** The configuration board became /leaderboard; old links (and their filters) land there. */
export default async function ConfigurationsRedirect({ searchParams }: { searchParams: Promise<Record<string, string | string[]>> }) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(await searchParams)) for (const item of [value].flat()) params.append(key, item);
  redirect(`/leaderboard${params.size > 0 ? `?${params}` : ""}`);
}
