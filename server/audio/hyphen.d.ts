// The `hyphen` package ships no types; the part used here.
declare module 'hyphen/en-us' {
  interface HyphenOptions {
    hyphenChar?: string;
    minWordLength?: number;
  }
  const hyphen: { hyphenateSync(text: string, options?: HyphenOptions): string };
  export default hyphen;
}
