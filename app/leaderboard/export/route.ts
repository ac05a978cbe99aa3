// Export of exactly the filtered configuration table: ?format=csv (numbers: rates as fractions, the
// interval as two bounds, unknown empty) or ?format=json (the same rows, null where unknown). Same
// parameters as /leaderboard: the official dataset unless another (or all) is asked for. Any other
// format is 400 naming these two.
import { configCsvRows } from "@/lib/metrics/config-csv";
import { configQueryOf, datasetOf, parseConfigSearch } from "@/lib/metrics/config-search";
import { toCsv } from "@/lib/metrics/csv";
import { getConfigLeaderboard } from "@/lib/queries/config-leaderboard";
import { exportFormatOf, unknownFormatResponse } from "@/lib/export-format";

const FORMATS = ["csv", "json"] as const;

export async function GET(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const format = exportFormatOf(url.searchParams, FORMATS, "csv");
  if (!format) return unknownFormatResponse(url.searchParams, FORMATS);
  const search = parseConfigSearch(url.searchParams);
  const { rows, options } = await getConfigLeaderboard(configQueryOf(search));
  const domains = search.domain ? [search.domain] : options.domains;
  if (format === "json") {
    const body = rows.map(({ latest, ...row }) => ({ ...row, latest: latest.toISOString() }));
    return Response.json({ filter: { ...search, dataset: datasetOf(search) ?? "all" }, domains, rows: body }, { headers: { "Content-Disposition": 'attachment; filename="leaderboard.json"' } });
  }
  return new Response(toCsv(configCsvRows(rows, domains)), {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": 'attachment; filename="leaderboard.csv"' },
  });
}
