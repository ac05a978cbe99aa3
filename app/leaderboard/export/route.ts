// Export of exactly the filtered configuration table: ?format=csv (the cells shown on the page) or
// ?format=json (the same rows with raw numbers, null where unknown). Same parameters as /leaderboard.
import { configTableText } from "@/lib/metrics/config-table";
import { configQueryOf, parseConfigSearch } from "@/lib/metrics/config-search";
import { toCsv } from "@/lib/metrics/csv";
import { getConfigLeaderboard } from "@/lib/queries/config-leaderboard";

export async function GET(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const format = url.searchParams.get("format") === "json" ? "json" : "csv";
  const search = parseConfigSearch(url.searchParams);
  const { rows, options } = await getConfigLeaderboard(configQueryOf(search));
  const domains = search.domain ? [search.domain] : options.domains;
  if (format === "json") {
    const body = rows.map(({ latest, ...row }) => ({ ...row, latest: latest.toISOString() }));
    return Response.json({ filter: search, domains, rows: body }, { headers: { "Content-Disposition": 'attachment; filename="leaderboard.json"' } });
  }
  return new Response(toCsv(configTableText(rows, domains)), {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": 'attachment; filename="leaderboard.csv"' },
  });
}
