/** The caller's name. Spelt letters are taken literally and said back. */
import { z } from 'zod';
import { extractName, extractRefusal, readNameAsSaid } from '../extractors/index.js';
import { defineSlot } from './define.js';

export const nameSlot = defineSlot({
  name: 'name',
  fact: null,
  question: { prompt: 'Could I take your name, please?', reprompt: 'Sorry, what name should I put down?' },
  vocabulary: [],
  schema: z.string().min(1),
  missing: 'name',
  aboutProperty: false,
  read(text, { listening, heard, expecting }) {
    const name = extractName(text, { expectingName: expecting });
    // Loose frames ("it's ...") mislead mid-call ("it's damp"); trust them only when asked or when introducing.
    if (name === null || !(expecting || listening.opening || name.confidence === 'high')) return;
    // "Dunno", "i'd rather not say": a refusal, not a name, unless the name was clearly given.
    if (name.confidence !== 'high' && extractRefusal(text) !== null) return;
    // When a name is expected the reader takes any words; "blah blah" is a mumble, not a name.
    const words = name.full.toLowerCase().split(' ');
    if (words.length > 1 && words.every((w) => w === words[0])) return;
    // Asked for it, the name as said may be fuller than what a frame took ("it's aoife, and the
    // surname is macleod"); the fuller one is kept, and read back.
    const said = expecting && name.spelled !== true ? readNameAsSaid(text) : null;
    const fuller = said !== null && said.full !== name.full && said.full.startsWith(`${name.first} `);
    heard.values.name = fuller ? said.full : name.full;
    if (fuller || name.spelled === true || name.doubtful === true) heard.readBack.push('name');
  },
  // Asked for the name, a short answer that is nothing else is the name as said, read back once.
  readAlone(text, { heard }) {
    const name = readNameAsSaid(text);
    if (name === null) return null;
    heard.readBack.push('name');
    return name.full;
  },
});
