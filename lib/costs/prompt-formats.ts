// The tokens an API adds around the harness's system and human messages, per prompt format. The paper's
// harness (LangChain, 2024) sent one system message (date preamble + tools + format) and one human
// message (task + scratchpad) per model call; each host wraps them differently.
import type { PromptFormat } from "./recorded-model-prices";
import type { TokenCounter } from "./tokenizers";

/**
 * Tokens per call beyond the two messages' own text.
 * - openai-chat: OpenAI's documented count for chat models, 3 per message + 1 for the role, + 3 priming the reply.
 * - openai-completion: LangChain renders chat messages for a completion model as "System: …\nHuman: …".
 * - anthropic-text: LangChain's ChatAnthropic (2024) sends "{system}\n\nHuman: {human}\n\nAssistant:".
 * - llama-2-chat: Llama 2's chat template, "<s>[INST] <<SYS>>\n{system}\n<</SYS>>\n\n{human} [/INST]".
 * - mixtral-instruct: Mixtral has no system role; hosts put it before the human text, "<s>[INST] {system}\n\n{human} [/INST]".
 */
export function promptOverheadTokens(format: PromptFormat, counter: TokenCounter): number {
  switch (format) {
    case "openai-chat":
      return 2 * (3 + 1) + 3;
    case "openai-completion":
      return counter.count("System: ") + counter.count("\nHuman: ");
    case "anthropic-text":
      return counter.count("\n\nHuman: ") + counter.count("\n\nAssistant:");
    case "llama-2-chat":
      // BOS, then the template's marker text.
      return 1 + counter.count("[INST] <<SYS>>\n") + counter.count("\n<</SYS>>\n\n") + counter.count(" [/INST]");
    case "mixtral-instruct":
      return 1 + counter.count("[INST] ") + counter.count("\n\n") + counter.count(" [/INST]");
    default: {
      const never: never = format;
      throw new Error(`unknown prompt format ${String(never)}`);
    }
  }
}
