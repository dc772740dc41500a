import { type ChatCall, type ChatScript, NO_READING } from '../support/chat-server.js';
import { defineCorpusSuite } from './suite.js';

// The corpus with the language model on (docs/agent.md, "The language model"): a provider that
// by turns answers no reading, says back what the call already knows, or fails. None of it may
// change a call: every call must pass (and every known gap fail) as it does with the model off.

const ECHOED: Record<string, keyof typeof NO_READING> = {
  address: 'street',
  postcode: 'postcode',
  property_type: 'property_type',
  bedrooms: 'bedrooms',
  condition: 'condition',
  occupancy: 'occupancy',
  price: 'asking_price',
  reason: 'reason',
};

/** The facts the prompt says are known, as a reading of them. */
function echo(call: ChatCall): Record<string, unknown> {
  const known = /Already known: (.*)\./.exec(call.system)?.[1] ?? '';
  const reading: Record<string, unknown> = { ...NO_READING, answer: null, chosen_time: null };
  for (const pair of known.split('; ')) {
    const [key = '', value = ''] = pair.split(': ');
    const field = ECHOED[key];
    if (field === undefined) continue;
    reading[field] = field === 'bedrooms' || field === 'asking_price' ? Number(value) : value;
  }
  return reading;
}

let requests = 0;
const provider: ChatScript = (call) => {
  requests++;
  if (requests % 5 === 0) return { status: 500 };
  if (requests % 2 === 0) return { content: echo(call) };
  return { content: { ...NO_READING, answer: null, chosen_time: null } };
};

defineCorpusSuite(['tue-0940'], provider);
