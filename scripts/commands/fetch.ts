// `workbench fetch [--out <dir>] [--base-url <url>]`: downloads the official WorkBench files at the
// pinned commits into the local layout that import-data and the engine read.
import path from "node:path";
import type { Command } from "commander";
import { SingleBar, Presets } from "cli-progress";
import { FetchError, fetchOfficialFiles, fetchPublishedResults2026 } from "@/lib/datasets/fetch-official";
import { DEFAULT_BASE_URL } from "@/lib/datasets/official-files";
import { importOfficialCommand } from "@/lib/datasets/hints";

export function register(program: Command): void {
  program
    .command("fetch")
    .description("Download the official WorkBench files (v1 + v2026) at the pinned commits")
    .option("--out <dir>", "output directory", "workbench-data")
    .option("--base-url <url>", "raw file server (…/<commit>/<path>)", DEFAULT_BASE_URL)
    .option("--no-results", "skip upstream's published 2026 results (24 models × 6 domains)")
    .action(async (options: { out: string; baseUrl: string; results: boolean }) => {
      const outDir = path.resolve(options.out);
      const bar = new SingleBar({ format: "fetch [{bar}] {value}/{total} {file}", hideCursor: true }, Presets.shades_classic);
      let started = false;
      try {
        const onFile = (file: { localPath: string }, index: number, total: number) => {
          if (index === 0) {
            if (started) bar.stop();
            bar.start(total, 0, { file: "" });
          }
          started = true;
          bar.update(index + 1, { file: file.localPath });
        };
        await fetchOfficialFiles({ outDir, baseUrl: options.baseUrl, onFile });
        if (options.results) await fetchPublishedResults2026({ outDir, baseUrl: options.baseUrl, onFile });
      } catch (error) {
        if (!(error instanceof FetchError)) throw error;
        if (started) bar.stop();
        started = false;
        console.error(`fetch: ${error.message}`);
        process.exitCode = 1;
        return;
      } finally {
        if (started) bar.stop();
      }
      // import-data imports the recorded results in the folder too (the paper's, and the published 2026 ones).
      console.log(`Downloaded to ${outDir}. Import it with its recorded results: ${importOfficialCommand(options.out)}`);
    });
}
