/**
 * A reply cut into sentences, each a text token: ConversationRelay starts speaking the first
 * sentence while later ones are still arriving, and an interruption drops whole sentences.
 * A sentence ends at . ! or ? followed by a space; "£250,000." and "2.5" stay whole.
 */
export function splitSentences(text: string): string[] {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  const sentences = trimmed.split(/(?<=[.!?])\s+/).filter((s) => s !== '');
  // A space between tokens, because the tokens are spoken as one text.
  return sentences.map((s, i) => (i < sentences.length - 1 ? `${s} ` : s));
}
