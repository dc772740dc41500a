/**
 * Spellings read out of an answer: a long word spelt in pieces, and a word of the sentence that
 * sounds like a letter just before the letters.
 */
import { describe, expect, it } from 'vitest';
import { extractName } from './name.js';
import { findSpellings } from './name-spelling.js';
import { normaliseUtterance, tokenise } from './normalise.js';

const HYPHENED = /(?<![a-z]-)\b[a-z](?:-[a-z])+\b(?!-)/gi;

function spelt(text: string): string[] {
  const hyphened = [...text.matchAll(HYPHENED)].map((m) => m[0].replace(/-/g, '').toUpperCase());
  return findSpellings(tokenise(normaliseUtterance(text)), hyphened).map((s) => s.word);
}

describe('a word spelt in pieces', () => {
  it.each([
    ['oyelaran, o-y-e, l-a-r-a-n', ['Oyelaran']],
    ['venkataraman, v-e-n-k-a, then t-a, r-a-m-a-n', ['Venkataraman']],
    ['mcgovern, m-c, then g-o-v-e-r-n', ['Mcgovern']],
    // Pieces that make no word said stay as they were read.
    ['it is k-a-t-e, b-r-o-w-n', ['Kate', 'Brown']],
  ])('%j spells %j', (text, words) => {
    expect(spelt(text)).toEqual(words);
  });

  it.each([
    ["it's tom fitzgerald, f-i-t-z, g-e-r-a-l-d, bit of a mouthful", 'Tom Fitzgerald'],
    ['priya venkataraman that is v-e-n-k-a t-a r-a-m-a-n', 'Priya Venkataraman'],
    ['sean mcgovern, m-c, then g-o-v-e-r-n', 'Sean McGovern'],
  ])('%j is %j', (text, name) => {
    expect(extractName(text, { expectingName: true })?.full).toBe(name);
  });
});

describe('a word of the sentence before the letters', () => {
  it.each([
    ['adeyemi, shall i? a-d-e-y-e-m-i', ['Adeyemi']],
    ["kowalczyk, i'll spell it for you, k, o, w, a, l, c, z, y, k", ['Kowalczyk']],
    ['okonjo, spell it for you o k o n j o', ['Okonjo']],
  ])('%j spells %j', (text, words) => {
    expect(spelt(text)).toEqual(words);
  });

  it.each([
    ['Femi Adeyemi. Shall I? A-D-E-Y-E-M-I.', 'Femi Adeyemi'],
    ['joe kowalczyk want it spelt for you k o w a l c z y k', 'Joe Kowalczyk'],
    ["marta kowalczyk, i'll spell it for you, k, o, w, a, l, c, z, y, k", 'Marta Kowalczyk'],
  ])('%j is %j', (text, name) => {
    expect(extractName(text, { expectingName: true })?.full).toBe(name);
  });
});

describe('the words after a spelling', () => {
  it.each([
    ["it's ravi shankar, that's s-h-a-n-k-a-r, long story", 'Ravi Shankar'],
    ["my name's chidi obi, o-b-i, quick enough", 'Chidi Obi'],
    ["it's dev patel, p-a-t-e-l, common enough", 'Dev Patel'],
  ])('%j is %j: they start something new', (text, name) => {
    expect(extractName(text, { expectingName: true })?.full).toBe(name);
  });
});

describe('a name, then letters of a word of it, then talk about it', () => {
  it.each([
    ['Ailsa Mackay. A-I-L-S-A. You say it Ail-sa.', 'Ailsa Mackay'],
    ['Rhys ap Gwilym. R-H-Y-S, see, not Reece.', 'Rhys Ap Gwilym'],
    ["niamh o'connor n-i-a-m-h you see that's the irish way", "Niamh O'Connor"],
  ])('%j is %j', (text, name) => {
    expect(extractName(text, { expectingName: true })?.full).toBe(name);
  });
});

describe('letters that miss the word said by one slip', () => {
  it.each([
    // A letter heard twice.
    ['lorna gibb l o o r n a', 'Lorna Gibb'],
    ['tariq osman, o s m m a n', 'Tariq Osman'],
    ['bethan oneill, o apostrophe n e e i l l', "Bethan O'Neill"],
    // The sentence's "you" or "see" run on from the last letter.
    ['marit holm m a r i t you say it with a long a', 'Marit Holm'],
    ['olwen price, o l w e n see, like it sounds', 'Olwen Price'],
  ])('%j is %j', (text, name) => {
    expect(extractName(text, { expectingName: true })?.full).toBe(name);
  });

  it.each([
    // Letters that spell what was said, or a word the recogniser got wrong, stay as spelt.
    ['aaron webb, a a r o n', 'Aaron Webb'],
    ['niamh byrne, n e e v e', 'Neeve Byrne'],
  ])('%j is still %j', (text, name) => {
    expect(extractName(text, { expectingName: true })?.full).toBe(name);
  });
});

describe('letters said twice over as a note on a word', () => {
  it.each([
    ['rachel hammond h a m m o n d double m', 'Rachel Hammond'],
    ['gemma pratt, that is p r a t t, double t at the end', 'Gemma Pratt'],
    ['joanne nuttall, n u t t a l l, double t, double l', 'Joanne Nuttall'],
    // Amid single letters, a letter said twice is a letter of the spelling.
    ['matt hughes m a double t', 'Matt Hughes'],
  ])('%j is %j', (text, name) => {
    expect(extractName(text, { expectingName: true })?.full).toBe(name);
  });
});
