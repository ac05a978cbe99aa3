// What the paper's recorded runs would have cost: the model each one actually called (upstream
// src/evals/utils.py, generate_results, at the time of the March 2024 runs), its tokenizer, how its API
// laid the prompt out, and the list price of that model on that host when the runs were made.
// Prices are USD per 1M tokens. Dated: change them only with a new date and source.
import type { TokenizerId } from "./tokenizers";

/** How the harness's two messages (system, human) reached the model; see prompt-formats.ts. */
export type PromptFormat = "openai-chat" | "openai-completion" | "anthropic-text" | "llama-2-chat" | "mixtral-instruct";

export interface RecordedModelPrice {
  /** The model as the results files name it (`<model>_<all|domains>_<timestamp>.csv`). */
  readonly recordedName: string;
  /** The model id the harness sent. */
  readonly apiModel: string;
  readonly host: string;
  readonly tokenizer: TokenizerId;
  readonly promptFormat: PromptFormat;
  readonly inputPerMillion: number;
  readonly outputPerMillion: number;
  /** Where the price was published, and the date it applies to (the runs are dated 2024-03-18 to 2024-03-25). */
  readonly priceSource: string;
  readonly priceAsOf: string;
}

export const RECORDED_MODEL_PRICES: readonly RecordedModelPrice[] = [
  {
    recordedName: "gpt-4", apiModel: "gpt-4-0125-preview", host: "OpenAI API", tokenizer: "cl100k_base", promptFormat: "openai-chat",
    inputPerMillion: 10, outputPerMillion: 30, priceSource: "OpenAI API pricing (openai.com/pricing), gpt-4-0125-preview", priceAsOf: "2024-03",
  },
  {
    recordedName: "gpt-3.5", apiModel: "gpt-3.5-turbo-instruct", host: "OpenAI API (completions)", tokenizer: "cl100k_base", promptFormat: "openai-completion",
    inputPerMillion: 1.5, outputPerMillion: 2, priceSource: "OpenAI API pricing (openai.com/pricing), gpt-3.5-turbo-instruct", priceAsOf: "2024-03",
  },
  {
    recordedName: "claude-2", apiModel: "claude-2", host: "Anthropic API", tokenizer: "claude-2", promptFormat: "anthropic-text",
    inputPerMillion: 8, outputPerMillion: 24, priceSource: "Anthropic API pricing (anthropic.com/api), Claude 2.0/2.1", priceAsOf: "2024-03",
  },
  {
    recordedName: "llama2-70b", apiModel: "meta-llama/Llama-2-70b-chat-hf", host: "Anyscale Endpoints", tokenizer: "llama-2", promptFormat: "llama-2-chat",
    inputPerMillion: 1, outputPerMillion: 1, priceSource: "Anyscale Endpoints pricing (anyscale.com/pricing), Llama-2-70b-chat; the service closed in 2024", priceAsOf: "2024-03",
  },
  {
    recordedName: "mistral-8x7B", apiModel: "mistralai/Mixtral-8x7B-Instruct-v0.1", host: "Anyscale Endpoints", tokenizer: "mistral", promptFormat: "mixtral-instruct",
    inputPerMillion: 0.5, outputPerMillion: 0.5, priceSource: "Anyscale Endpoints pricing (anyscale.com/pricing), Mixtral-8x7B-Instruct; the service closed in 2024", priceAsOf: "2024-03",
  },
];

export function recordedModelPrice(recordedName: string): RecordedModelPrice | undefined {
  return RECORDED_MODEL_PRICES.find((price) => price.recordedName === recordedName);
}

export function priceUsd(price: Pick<RecordedModelPrice, "inputPerMillion" | "outputPerMillion">, inputTokens: number, outputTokens: number): number {
  return (inputTokens * price.inputPerMillion + outputTokens * price.outputPerMillion) / 1_000_000;
}
