// Real tokenizers for the model families of the paper's recorded runs, each with its vocabulary shipped
// inside its npm package (nothing is downloaded). Loaded on first use: a vocabulary takes ~0.1-0.5 s to
// decode and most processes never count a token.
import { createRequire } from "node:module";

/** cl100k_base: GPT-4 and GPT-3.5 (tiktoken); claude-2: Anthropic's pre-Claude-3 BPE; llama-2 and mistral: SentencePiece. */
export type TokenizerId = "cl100k_base" | "claude-2" | "llama-2" | "mistral";

export interface TokenCounter {
  readonly id: TokenizerId;
  /** Tokens of `text` alone: no BOS token, no chat template (callers add those where the API did). */
  count(text: string): number;
}

const loaded = new Map<TokenizerId, Promise<TokenCounter>>();

export function loadTokenizer(id: TokenizerId): Promise<TokenCounter> {
  let counter = loaded.get(id);
  if (!counter) {
    counter = create(id);
    loaded.set(id, counter);
  }
  return counter;
}

async function create(id: TokenizerId): Promise<TokenCounter> {
  switch (id) {
    case "cl100k_base": {
      const [{ Tiktoken }, { default: ranks }] = await Promise.all([import("js-tiktoken/lite"), import("js-tiktoken/ranks/cl100k_base")]);
      const encoder = new Tiktoken(ranks);
      return { id, count: (text) => encoder.encode(text, "all").length };
    }
    case "claude-2": {
      // @anthropic-ai/tokenizer's own counter needs tiktoken's WASM build; its vocabulary file is the same
      // rank format js-tiktoken reads, so the pure-JS encoder counts with Anthropic's vocabulary.
      const { Tiktoken } = await import("js-tiktoken/lite");
      const claude = createRequire(import.meta.url)("@anthropic-ai/tokenizer/claude.json") as ClaudeVocabulary;
      const encoder = new Tiktoken({ bpe_ranks: claude.bpe_ranks, special_tokens: claude.special_tokens, pat_str: claude.pat_str });
      // Anthropic's countTokens normalises to NFKC first.
      return { id, count: (text) => encoder.encode(text.normalize("NFKC"), "all").length };
    }
    case "llama-2": {
      const { default: llama } = await import("llama-tokenizer-js");
      return { id, count: (text) => (text === "" ? 0 : llama.encode(text, false, false).length) };
    }
    case "mistral": {
      const { default: mistral } = await import("mistral-tokenizer-js");
      return { id, count: (text) => (text === "" ? 0 : mistral.encode(text, false, false).length) };
    }
    default: {
      const never: never = id;
      throw new Error(`unknown tokenizer ${String(never)}`);
    }
  }
}

interface ClaudeVocabulary {
  readonly bpe_ranks: string;
  readonly special_tokens: Record<string, number>;
  readonly pat_str: string;
}
