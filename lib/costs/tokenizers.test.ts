import path from "node:path";
import v8 from "node:v8";
import vm from "node:vm";
import { describe, expect, test } from "vitest";
import llama from "llama-tokenizer-js";
import mistral from "mistral-tokenizer-js";
import { testDataDir } from "@/lib/workbench/test-support/data-dir";
import { loadRecordedResultsFile } from "@/lib/workbench/results/load";
import { loadPlainTokenizer, loadTokenizer, type TokenizerId } from "./tokenizers";

const IDS = ["cl100k_base", "claude-2", "llama-2", "mistral"] as const;

// Published counts, not this code's output replayed: OpenAI's cookbook "How to count tokens with
// tiktoken" (cl100k_base), Anthropic's @anthropic-ai/tokenizer README example, and the token ids the
// llama-tokenizer-js / mistral-tokenizer-js READMEs list for "Hello world!" (Meta's and Mistral's
// SentencePiece ids, here without the BOS token).
describe("token counts of the model families' tokenizers", () => {
  test.each<[TokenizerId, string, number]>([
    ["cl100k_base", "tiktoken is great!", 6],
    ["cl100k_base", "antidisestablishmentarianism", 6],
    ["cl100k_base", "2 + 2 = 4", 7],
    ["cl100k_base", "お誕生日おめでとう", 9],
    ["claude-2", "hello world!", 3],
    ["llama-2", "Hello world!", 3],
    ["mistral", "Hello world!", 3],
  ])("%s counts %j as %i tokens", async (id, text, expected) => {
    const counter = await loadTokenizer(id);
    expect(counter.count(text)).toBe(expected);
  });

  test("the families differ on the same text (not one tokenizer behind four names)", async () => {
    const text = "email.search_emails(query='nadia', date_min='2023-11-01') → {'email_id': '00000479'}";
    const counts = await Promise.all((["cl100k_base", "claude-2", "llama-2", "mistral"] as const).map(async (id) => (await loadTokenizer(id)).count(text)));
    expect(new Set(counts).size).toBeGreaterThan(1);
    // And none of them is the characters ÷ 4 guess.
    for (const count of counts) expect(count).not.toBe(Math.round(text.length / 4));
  });

  test("empty text is no tokens", async () => {
    for (const id of ["cl100k_base", "claude-2", "llama-2", "mistral"] as const) expect((await loadTokenizer(id)).count("")).toBe(0);
  });
});

// Counting a text by its parts (tiktoken's pieces, SentencePiece's lines), each distinct part once, must
// give what the encoder gives for the whole text: checked on the edge cases of the split and on real
// prompts of the paper's recorded runs.
describe("counting by parts equals the encoder's count of the whole text", () => {
  const EDGES = [
    "", "\n", "\n\n\n", "a\n", "\na", "  \n  x", "x  \n\n  y  ", "a\r\nb\r\n", "tab\t\tand  spaces   end   ",
    "Thought:  \n```\n{\n  \"action\": \"Final Answer\",\n  \"action_input\": \"done\"\n}\n```\nObservation: \nThought:",
    "<|endoftext|>hello<|endoftext|> world<|endoftext|>", "it's we're I'LL 12345678 3.14", "お誕生日\nおめでとう", "ﬁle ① ＡＢＣ",
  ];

  test.each(IDS)("%s on the split's edge cases (twice: remembered parts count the same)", async (id) => {
    const [byParts, plain] = await Promise.all([loadTokenizer(id), loadPlainTokenizer(id)]);
    for (let round = 0; round < 2; round++) {
      expect(EDGES.map((text) => byParts.count(text))).toEqual(EDGES.map((text) => plain.count(text)));
    }
  });

  test.each(IDS)("%s on recorded prompts (the multi-domain gpt-4 run's steps and scratchpads)", async (id) => {
    const file = path.join(testDataDir(), "v1/data/results/multi_domain/gpt-4_all_2024-03-23_21-17-32.csv");
    const rows = (await loadRecordedResultsFile(file, "multi_domain")).slice(0, 60);
    const texts = rows.flatMap((row) => (row.steps ?? []).flatMap((step) => [step.log, `${step.log}\nObservation: ${step.observation ?? ""}\nThought:`]));
    expect(texts.length).toBeGreaterThan(60);
    const [byParts, plain] = await Promise.all([loadTokenizer(id), loadPlainTokenizer(id)]);
    expect(texts.map((text) => byParts.count(text))).toEqual(texts.map((text) => plain.count(text)));
  });

  test.each([["llama-2", llama], ["mistral", mistral]] as const)("%s: a line break is one byte token that no merge joins", (_id, tokenizer) => {
    expect(tokenizer.encode("\n", false, false)).toEqual([tokenizer.vocabByString.get("<0x0A>")]);
    expect([...tokenizer.vocabByString.keys()].filter((piece) => piece.includes("\n"))).toEqual([]);
    expect([...tokenizer.merges.keys()].filter((merge) => merge.includes("<0x0A>") || merge.includes("\n"))).toEqual([]);
  });
});

// The remembered parts are cut from long prompts: kept as V8 slices, each would hold its whole prompt.
describe("remembered parts do not keep the texts they were cut from", () => {
  const exposeGc = () => {
    v8.setFlagsFromString("--expose-gc");
    return vm.runInNewContext("gc") as () => void;
  };
  const TEXTS = 48;
  const TEXT_MB = 1;

  test.each<TokenizerId>(["cl100k_base", "llama-2"])(`%s: counting ${TEXTS} distinct ${TEXT_MB} MB texts leaves the heap flat`, async (id) => {
    const counter = await loadTokenizer(id);
    const body = "\nrepeated line of the prompt".repeat((TEXT_MB * 1024 * 1024) / 28);
    counter.count(`warm-up${body}`);
    const gc = exposeGc();
    gc();
    const before = process.memoryUsage().heapUsed;
    let tokens = 0;
    for (let text = 0; text < TEXTS; text += 1) {
      // A part of its own per text (a line; a tiktoken piece: letters only), remembered; the rest already known.
      const word = [...String(text).padStart(3, "0")].map((digit) => "abcdefghij"[Number(digit)]).join("");
      tokens += counter.count(`UniqueIdentifier${word}${body}`);
    }
    gc();
    const grownMb = (process.memoryUsage().heapUsed - before) / 1024 / 1024;
    expect(tokens).toBeGreaterThan(TEXTS);
    // Slices would hold every text: ~TEXTS MB. Copies hold a few KB.
    expect(grownMb).toBeLessThan(TEXTS / 4);
  });
});
