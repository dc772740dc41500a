/** The caller's name. Spelt letters are taken literally and said back. */
import { z } from 'zod';
import { phrase } from '../catalogue/index.js';
import {
  extractName,
  extractRefusal,
  foldLetters,
  nameSaidInFull,
  readNameAsSaid,
  TITLES,
} from '../extractors/index.js';
import { defineSlot } from './define.js';

export const nameSlot = defineSlot({
  name: 'name',
  fact: null,
  question: phrase('question.name'),
  vocabulary: [],
  schema: z.string().min(1),
  missing: 'name',
  aboutProperty: false,
  model: {
    fields: { name: { schema: z.string().trim().min(1).max(80), description: "The caller's own name." } },
    check({ values }): { name?: string } {
      const { name } = values;
      const read = typeof name === 'string' ? extractName(name, { expectingName: true }) : null;
      return read === null ? {} : { name: read.full };
    },
    readBack: ['name'],
    rewrites: true,
  },
  read(text, { listening, heard, expecting }) {
    const name = extractName(text, { expectingName: expecting });
    if (name === null && expecting) {
      // Asked for it, a clause of nothing but name words is the name, whatever else was said
      // ("priya khan, i'm 62 this year"; "aisha evans, sorry, aisha kowalski, i don't know why").
      const said = readNameAsSaid(text);
      // One word amid a "no" or a refusal ("no it's fine, bye", "i'd rather not") is not a name.
      const alone = said !== null && !said.full.includes(' ');
      if (said === null || (alone && (heard.yesNo !== null || extractRefusal(text) !== null))) return;
      heard.values.name = asSpelt(nameSaidInFull(said.full, text) ?? said.full, text);
      heard.readBack.push('name');
      return;
    }
    // Loose frames ("it's ...") mislead mid-call ("it's damp"); trust them only when asked or when introducing.
    if (name === null || !(expecting || listening.opening || name.confidence === 'high')) return;
    // "Dunno", "i'd rather not say": a refusal, not a name, unless the name was clearly given.
    if (name.confidence !== 'high' && extractRefusal(text) !== null) return;
    // When a name is expected the reader takes any words; "blah blah" is a mumble, not a name.
    const words = name.full.toLowerCase().split(' ');
    if (words.length > 1 && words.every((w) => w === words[0])) return;
    // Asked for it, the name as said may be fuller than what a frame took ("it's aoife, and the
    // surname is macleod"; "it's mrs jackson ... hazel jackson", where the title gives way to the
    // first name); the fuller one is kept, and read back.
    const said = expecting && name.spelled !== true ? readNameAsSaid(text) : null;
    const untitled = name.full.split(' ').filter((w) => !TITLES.has(w.toLowerCase()));
    const fuller =
      said !== null &&
      said.full.split(' ').length > untitled.length &&
      untitled.every((w) => said.full.split(' ').includes(w));
    const taken = fuller ? said.full : name.full;
    // Asked for it, the whole name said in a part of its own wins over a part of it said first.
    const inFull = expecting ? nameSaidInFull(taken, text) : undefined;
    heard.values.name = asSpelt(inFull ?? taken, text);
    if (fuller || inFull !== undefined || name.spelled === true || name.doubtful === true)
      heard.readBack.push('name');
  },
  // Asked for the name, a short answer that is nothing else is the name as said, read back once.
  readAlone(text, { heard }) {
    const name = readNameAsSaid(text);
    if (name === null) return null;
    heard.readBack.push('name');
    return asSpelt(nameSaidInFull(name.full, text) ?? name.full, text);
  },
});

/** The name as the recogniser wrote it: its hyphens and its accents ("Siân", "Zoë", "Łukasz"). */
function asSpelt(name: string, text: string): string {
  return withAccents(withHyphens(name, text), text);
}

/**
 * The readers fold accents to plain letters to read a name; the name kept is written as it was
 * said, so a word of the name that matches a word of the text with accents takes that spelling.
 */
function withAccents(name: string, text: string): string {
  const accented = new Map<string, string>();
  for (const word of text.split(/[^\p{L}\p{M}'-]+/u)) {
    const folded = foldLetters(word.toLowerCase());
    if (folded !== word.toLowerCase()) accented.set(folded, word);
  }
  if (accented.size === 0) return name;
  return name
    .split(' ')
    .map((part) => {
      const said = accented.get(part.toLowerCase());
      return said === undefined ? part : said.charAt(0).toUpperCase() + said.slice(1).toLowerCase();
    })
    .join(' ');
}

/**
 * The readers split words at hyphens; a name said with one keeps it: "Mensah-Boateng",
 * "Mary-Jane".
 */
function withHyphens(name: string, text: string): string {
  const said = text.toLowerCase();
  return name
    .split(' ')
    .reduce<string[]>((out, word) => {
      const last = out.at(-1);
      if (last !== undefined && said.includes(`${last.toLowerCase()}-${word.toLowerCase()}`))
        out[out.length - 1] = `${last}-${word}`;
      else out.push(word);
      return out;
    }, [])
    .join(' ');
}
