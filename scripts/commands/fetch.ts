// `workbench fetch [--out <dir>] [--base-url <url>]`: downloads the official WorkBench files at the
// pinned commits into the local layout that import-data and the engine read.
import path from "node:path";
import type { Command } from "commander";
import { SingleBar, Presets } from "cli-progress";
import { FetchError, fetchOfficialFiles } from "@/lib/datasets/fetch-official";
import { DEFAULT_BASE_URL } from "@/lib/datasets/official-files";

export function register(program: Command): void {
  program
    .command("fetch")
    .description("Download the official WorkBench files (v1 + v2026) at the pinned commits")
    .option("--out <dir>", "output directory", "workbench-data")
    .option("--base-url <url>", "raw file server (…/<commit>/<path>)", DEFAULT_BASE_URL)
    .action(async (options: { out: string; baseUrl: string }) => {
      const outDir = path.resolve(options.out);
      const bar = new SingleBar({ format: "fetch [{bar}] {value}/{total} {file}", hideCursor: true }, Presets.shades_classic);
      let started = false;
      try {
        await fetchOfficialFiles({
          outDir,
          baseUrl: options.baseUrl,
          onFile: (file, index, total) => {
            if (!started) bar.start(total, 0, { file: "" });
            started = true;
            bar.update(index + 1, { file: file.localPath });
          },
        });
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
      console.log(`Downloaded to ${outDir}. Import with: npm run workbench -- import-data --data ${options.out}`);
    });
}
