// The package ships no types; what is used here (same API as llama-tokenizer-js).
declare module "mistral-tokenizer-js" {
  const mistralTokenizer: {
    vocabByString: Map<string, number>;
    merges: Map<string, number>;
    encode(prompt: string, addBosToken?: boolean, addPrecedingSpace?: boolean): number[];
    decode(tokenIds: number[], addBosToken?: boolean, addPrecedingSpace?: boolean): string;
  };
  export default mistralTokenizer;
}
