/** Every corpus call, by class (docs/agent.md, "The call corpus"). */
import { ASIDES } from './asides.js';
import { BOOKINGS } from './bookings.js';
import { CALLBACK_NUMBERS } from './callback-numbers.js';
import { CORRECTIONS } from './corrections.js';
import { EVERYDAY } from './everyday.js';
import { HANDOVER } from './handover.js';
import { LOOPS } from './loops.js';
import { NAMES_ADDRESSES } from './names-addresses.js';
import { PLAIN_SPEECH } from './plain-speech.js';
import { REFUSALS } from './refusals.js';
import { SELLERS } from './sellers.js';
import type { CorpusCall } from './types.js';
import { WRONG_WORDS } from './wrong-words.js';

export const CORPUS: readonly CorpusCall[] = [
  ...SELLERS,
  ...LOOPS,
  ...BOOKINGS,
  ...REFUSALS,
  ...WRONG_WORDS,
  ...CORRECTIONS,
  ...NAMES_ADDRESSES,
  ...CALLBACK_NUMBERS,
  ...HANDOVER,
  ...EVERYDAY,
  ...PLAIN_SPEECH,
  ...ASIDES,
];

const ids = new Set(CORPUS.map((c) => c.id));
if (ids.size !== CORPUS.length) throw new Error('corpus call ids must be unique');
