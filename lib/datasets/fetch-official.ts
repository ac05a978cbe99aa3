// Downloads the official files into a local data directory. Each file is written to `<name>.part` and
// renamed when complete, so an interrupted or failed download never leaves a partial file behind.
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { DEFAULT_BASE_URL, officialFiles, type OfficialFile } from "./official-files";
import { errorMessage } from "@/lib/errors";
import { CodedError } from "@/lib/errors";
import { publishedResults2026 } from "./published-results-2026";

export class FetchError extends CodedError<"fetch_failed"> {
  constructor(
    readonly url: string,
    detail: string,
  ) {
    super("fetch_failed", `cannot download ${url}: ${detail}`);
    this.name = "FetchError";
  }
}

export type FetchOptions = {
  outDir: string;
  baseUrl?: string;
  /** Called after each file, for progress output. */
  onFile?: (file: OfficialFile, index: number, total: number) => void;
  fetchImpl?: typeof fetch;
};

export function fileUrl(baseUrl: string, file: OfficialFile): string {
  const encodedPath = file.repoPath.split("/").map(encodeURIComponent).join("/");
  return `${baseUrl.replace(/\/+$/, "")}/${file.commit}/${encodedPath}`;
}

async function download(url: string, target: string, fetchImpl: typeof fetch): Promise<void> {
  const partial = `${target}.part`;
  let response: Response;
  try {
    response = await fetchImpl(url, { redirect: "follow" });
  } catch (error) {
    throw new FetchError(url, `network error (${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)})`);
  }
  if (!response.ok || !response.body) throw new FetchError(url, `HTTP ${response.status} ${response.statusText}`.trim());
  await fs.mkdir(path.dirname(target), { recursive: true });
  try {
    await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), createWriteStream(partial));
    await fs.rename(partial, target);
  } catch (error) {
    await fs.rm(partial, { force: true });
    throw new FetchError(url, `transfer failed (${errorMessage(error)})`);
  }
}

/** Downloads every official file under `outDir`; returns the local paths written. */
export function fetchOfficialFiles(options: FetchOptions): Promise<string[]> {
  return fetchFiles(officialFiles(), options);
}

/**
 * Downloads upstream's published 2026 results (24 models × 6 domains, results + meta) under
 * `<outDir>/v2026/results`, where the 2026 importer reads them. `files` replaces the list (tests).
 */
export function fetchPublishedResults2026(options: FetchOptions & { files?: readonly OfficialFile[] }): Promise<string[]> {
  return fetchFiles(options.files ?? publishedResults2026(), options);
}

/** Downloads the given files (a subset of the official ones, e.g. those missing locally). */
export async function fetchFiles(files: readonly OfficialFile[], options: FetchOptions): Promise<string[]> {
  const baseUrl = options.baseUrl ?? DEFAULT_BASE_URL;
  const fetchImpl = options.fetchImpl ?? fetch;
  const written: string[] = [];
  for (const [index, file] of files.entries()) {
    const target = path.join(options.outDir, file.localPath);
    await download(fileUrl(baseUrl, file), target, fetchImpl);
    written.push(target);
    options.onFile?.(file, index, files.length);
  }
  return written;
}
