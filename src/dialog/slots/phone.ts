/** The best number to call back on: caller ID, or a number the caller gives (always read back). */
import { z } from 'zod';
import { phrase } from '../catalogue/index.js';
import { extractPhone } from '../extractors/index.js';
import { defineSlot } from './define.js';

/**
 * A number given and then passed over for the one the caller is on: "the landline's 0161 496
 * 0350, but this mobile i'm on is better". The number said is not the one to call.
 */
const BUT_THIS_ONE_IS_BETTER =
  /\bbut (?:this|the) (?:one|number|mobile|phone)(?: (?:i'm|im|i am) (?:on|using|calling from|ringing from))?(?:'s|s| is| would be|'d be) (?:better|best|easier|quicker|more reliable)\b/i;

export const phoneSlot = defineSlot({
  name: 'phone',
  fact: null,
  question: phrase('question.phone'),
  vocabulary: [],
  /** E.164 */
  schema: z.string().regex(/^\+[1-9]\d{6,14}$/),
  missing: 'phone number',
  aboutProperty: false,
  noAnswers: true,
  model: {
    fields: {
      phone: { schema: z.string().trim().max(40), description: 'A phone number the caller gave, as said.' },
    },
    check({ values }): { phone?: string } {
      const { phone } = values;
      const read = typeof phone === 'string' ? extractPhone(phone) : null;
      return read === null ? {} : { phone: read.e164 };
    },
    readBack: ['phone'],
    rewrites: true,
  },
  read(text, { heard, expecting }) {
    const phone = extractPhone(text);
    if (phone === null || (!expecting && phone.confidence !== 'high' && !phone.forCallback)) return;
    if (BUT_THIS_ONE_IS_BETTER.test(text)) return;
    heard.values.phone = phone.e164;
    heard.readBack.push('phone');
  },
});
