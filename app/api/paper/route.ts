// GET /api/paper: the "Reproduce the paper" figures as JSON (the page's data, docs/paper.md): Tables 5-7
// and Figures 4, 6, 7, each cell with the paper's value, Studio's, the difference and the reason.
import { prisma } from "@/lib/db";
import { readPaperReport } from "@/lib/queries/paper";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  return Response.json(await readPaperReport(prisma));
}
