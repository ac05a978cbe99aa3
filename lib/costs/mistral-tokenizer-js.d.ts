// The package ships no types; the two calls used here (same API as llama-tokenizer-js).
declare module "mistral-tokenizer-js" {
  const mistralTokenizer: {
    encode(prompt: string, addBosToken?: boolean, addPrecedingSpace?: boolean): number[];
    decode(tokenIds: number[], addBosToken?: boolean, addPrecedingSpace?: boolean): string;
  };
  export default mistralTokenizer;
}
