// Real tokenizers for the model families of the paper's recorded runs, each with its vocabulary shipped
// inside its npm package (nothing is downloaded). Loaded on first use: a vocabulary takes ~0.1-0.5 s to
// decode and most processes never count a token. Counts are exact; repeated parts are counted once.
import { createRequire } from "node:module";

/** cl100k_base: GPT-4 and GPT-3.5 (tiktoken); claude-2: Anthropic's pre-Claude-3 BPE; llama-2 and mistral: SentencePiece. */
export type TokenizerId = "cl100k_base" | "claude-2" | "llama-2" | "mistral";

export interface TokenCounter {
  readonly id: TokenizerId;
  /** Tokens of `text` alone: no BOS token, no chat template (callers add those where the API did). */
  count(text: string): number;
}

/** Two ways to the same count: the encoder run over the whole text, or over its parts with memory. */
interface Counts {
  readonly plain: (text: string) => number;
  readonly byParts: (text: string) => number;
}

const loaded = new Map<TokenizerId, Promise<Counts>>();

function countsOf(id: TokenizerId): Promise<Counts> {
  let counts = loaded.get(id);
  if (!counts) {
    counts = create(id);
    loaded.set(id, counts);
  }
  return counts;
}

export async function loadTokenizer(id: TokenizerId): Promise<TokenCounter> {
  return { id, count: (await countsOf(id)).byParts };
}

/** The encoder's own count of each whole text, nothing remembered: the reference tests and benches compare with. */
export async function loadPlainTokenizer(id: TokenizerId): Promise<TokenCounter> {
  return { id, count: (await countsOf(id)).plain };
}

async function create(id: TokenizerId): Promise<Counts> {
  switch (id) {
    case "cl100k_base": {
      const [{ Tiktoken }, { default: ranks }] = await Promise.all([import("js-tiktoken/lite"), import("js-tiktoken/ranks/cl100k_base")]);
      const encoder = new Tiktoken(ranks);
      return { plain: (text) => encoder.encode(text, "all").length, byParts: countByPiece(encoder, ranks.pat_str, Object.keys(ranks.special_tokens)) };
    }
    case "claude-2": {
      // @anthropic-ai/tokenizer's own counter needs tiktoken's WASM build; its vocabulary file is the same
      // rank format js-tiktoken reads, so the pure-JS encoder counts with Anthropic's vocabulary.
      const { Tiktoken } = await import("js-tiktoken/lite");
      const claude = createRequire(import.meta.url)("@anthropic-ai/tokenizer/claude.json") as ClaudeVocabulary;
      const encoder = new Tiktoken({ bpe_ranks: claude.bpe_ranks, special_tokens: claude.special_tokens, pat_str: claude.pat_str });
      const byParts = countByPiece(encoder, claude.pat_str, Object.keys(claude.special_tokens));
      // Anthropic's countTokens normalises to NFKC first.
      return { plain: (text) => encoder.encode(text.normalize("NFKC"), "all").length, byParts: (text) => byParts(text.normalize("NFKC")) };
    }
    case "llama-2":
    case "mistral": {
      const { default: sentencePiece } = id === "llama-2" ? await import("llama-tokenizer-js") : await import("mistral-tokenizer-js");
      const plain = (text: string) => (text === "" ? 0 : sentencePiece.encode(text, false, false).length);
      return { plain, byParts: countByLine(plain) };
    }
    default: {
      const never: never = id;
      throw new Error(`unknown tokenizer ${String(never)}`);
    }
  }
}

// Estimating the paper's runs counts every recorded prompt, ~1 GB of text, most of it repeated from call
// to call and run to run (the same tool outputs, the same words). Both kinds of tokenizer below count a
// text as the sum of independent parts, so each distinct part is encoded once and its count remembered:
// the same counts as encoding the whole text (tokenizers.test.ts checks it against the plain encoders).

/**
 * Characters of the parts remembered per tokenizer (~2 bytes each, plus the map's own ~60 per part):
 * beyond this the memory starts over, so an import's memory stays bounded whatever it reads.
 */
const MEMO_CHARS = 2_000_000;
/** Longer parts (a long tool output on one line) rarely recur whole: encoded each time, not kept. */
const MEMO_PART_CHARS = 1_000;

/**
 * A copy of `part` that does not keep the text it was cut from alive. V8 makes a substring of 13+
 * characters a slice: a view that holds its whole parent. The parts come from slicing prompts and lines
 * (up to megabytes each), so remembering the slice itself kept every parent it was cut from in memory
 * as long as the memo lived. Concatenating makes a new string that slicing then flattens into a copy.
 */
function detached(part: string): string {
  return ` ${part}`.slice(1);
}

function memoized(count: (part: string) => number): (part: string) => number {
  let memo = new Map<string, number>();
  let chars = 0;
  return (part) => {
    let tokens = memo.get(part);
    if (tokens === undefined) {
      tokens = count(part);
      if (part.length <= MEMO_PART_CHARS) {
        if (chars + part.length > MEMO_CHARS) [memo, chars] = [new Map(), 0];
        memo.set(detached(part), tokens);
        chars += part.length;
      }
    }
    return tokens;
  };
}

/**
 * tiktoken splits the text at its special tokens, then into pieces by its pattern, and merges bytes only
 * within a piece (js-tiktoken's encode): the count is one per special token plus each piece's count. A
 * piece encoded alone is split into itself again, so its count is the encoder's own.
 */
function countByPiece(encoder: { encode(text: string, allowedSpecial: "all"): number[] }, pattern: string, specialTokens: readonly string[]) {
  const pieceCount = memoized((piece) => encoder.encode(piece, "all").length);
  const pieces = new RegExp(pattern, "gu");
  const special = specialTokens.length > 0 ? new RegExp(specialTokens.map((token) => token.replace(/[\\^$*+?.()|[\]{}]/g, "\\$&")).join("|"), "g") : null;
  const countPlain = (text: string) => {
    let tokens = 0;
    for (const match of text.matchAll(pieces)) tokens += pieceCount(match[0]);
    return tokens;
  };
  return (text: string): number => {
    if (!special) return countPlain(text);
    let tokens = 0;
    let start = 0;
    for (const match of text.matchAll(special)) {
      tokens += countPlain(text.slice(start, match.index)) + 1;
      start = match.index + match[0].length;
    }
    return tokens + countPlain(text.slice(start));
  };
}

/**
 * SentencePiece (llama-2, mistral): "\n" is no character of either vocabulary but a byte token (<0x0A>)
 * that no merge involves, so merges never cross a line break: the count is each line's count plus one
 * per line break.
 */
function countByLine(encodeLine: (line: string) => number): (text: string) => number {
  const lineCount = memoized(encodeLine);
  return (text) => {
    let tokens = 0;
    let start = 0;
    for (let end = text.indexOf("\n"); end >= 0; end = text.indexOf("\n", start)) {
      if (end > start) tokens += lineCount(text.slice(start, end));
      tokens += 1;
      start = end + 1;
    }
    return start < text.length ? tokens + lineCount(text.slice(start)) : tokens;
  };
}

interface ClaudeVocabulary {
  readonly bpe_ranks: string;
  readonly special_tokens: Record<string, number>;
  readonly pat_str: string;
}
