import { describe, expect, test } from "vitest";
import { loadTokenizer, type TokenizerId } from "./tokenizers";

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
