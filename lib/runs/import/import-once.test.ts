// An import is recognised by its files' content: the hash follows the bytes and the trials, not the names.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createHash } from "node:crypto";
import { afterAll, beforeAll, expect, test } from "vitest";
import { importFileOf, importHashOf, trialsOf } from "./import-once";

let dir: string;
const write = async (name: string, text: string) => {
  const file = path.join(dir, name);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, text);
  return file;
};

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "import-once-"));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

test("the same bytes under other names and folders give the same hash; another trial, order or byte does not", async () => {
  const a = await write("trial-1/email/m_all_2026-01-01_00-00-00.csv", '"query"\n"one"\n');
  const b = await write("trial-1/crm/m_all_2026-01-01_00-00-00.csv", '"query"\n"two"\n');
  const renamedA = await write("elsewhere/x.csv", '"query"\n"one"\n');
  const renamedB = await write("elsewhere/y.csv", '"query"\n"two"\n');
  const changedB = await write("elsewhere/z.csv", '"query"\n"two"\n\n');
  const hash = await importHashOf([{ path: a, trial: 0 }, { path: b, trial: 0 }]);
  // Recomputed by the stated rule: sha256 over the sorted "<trial> <sha256 of the bytes>" lines.
  const sha = (text: string) => createHash("sha256").update(text).digest("hex");
  expect(hash).toBe(sha([`0 ${sha('"query"\n"one"\n')}`, `0 ${sha('"query"\n"two"\n')}`].sort().join("\n")));
  expect(await importHashOf([{ path: renamedB, trial: 0 }, { path: renamedA, trial: 0 }])).toBe(hash);
  expect(await importHashOf([{ path: a, trial: 0 }, { path: b, trial: 1 }])).not.toBe(hash);
  expect(await importHashOf([{ path: a, trial: 0 }, { path: changedB, trial: 0 }])).not.toBe(hash);
});

test("the run's file names say the trial folder only when there are several trials; trials count from the highest", () => {
  const files = [
    { path: "/x/trial-2/email/m.csv", domain: "email", trial: 1 },
    { path: "/x/trial-1/email/m.csv", domain: "email", trial: 0 },
  ];
  expect(importFileOf(files)).toBe("trial-1/email/m.csv, trial-2/email/m.csv");
  expect(importFileOf([files[1]!])).toBe("email/m.csv");
  expect(trialsOf(files)).toBe(2);
  expect(trialsOf([{ trial: 0 }])).toBe(1);
});
