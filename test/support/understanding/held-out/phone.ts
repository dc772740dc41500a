/**
 * Held-out templates: the best number to call back on. Never tune the engine on these; read only the figures.
 */
import { CALLER } from '../../dialog/fixtures.js';
import { capitalise, phone, templatesFor } from '../define.js';
import { drawPhone, e164, type PhoneStyle, sayPhone } from '../phones.js';
import { MUM, PERSON, SIBLING } from '../regional.js';
import { misreadsOf } from '../stories.js';
import type { Gen, Template } from '../types.js';
import { AGE } from './stories.js';

const STYLES: readonly PhoneStyle[] = ['digits', 'digits', 'words', 'hundreds', 'plus44', 'doubles'];

function number(g: Gen): { said: string; e164: string } {
  const national = drawPhone(g);
  return { said: sayPhone(g, national, g.pick(STYLES)), e164: e164(national) };
}

const t = templatesFor('phone');

export const PHONE_TEMPLATES: readonly Template[] = [
  t('not-really', ['phone'], (g) => {
    const n = number(g);
    return { text: `Not really, can you use ${n.said}?`, expected: [phone(n.e164)] };
  }),
  t('bare', ['phone'], (g) => {
    const n = number(g);
    return { text: n.said, expected: [phone(n.e164)] };
  }),
  t('better-on', ['phone'], (g) => {
    const n = number(g);
    return { text: `You'd be better getting me on ${n.said}.`, expected: [phone(n.e164)] };
  }),
  t('yes-fine', ['phone'], (g) => ({
    text: g.pick(['Yes, that is fine.', "Aye, that's the one.", 'Yeah, this is my number.']),
    expected: [phone(CALLER)],
  })),
  t('correction', ['phone'], (g) => {
    const n = number(g);
    const wrong = number(g);
    return {
      text: `${wrong.said}, no sorry, that's the old one. ${n.said}.`,
      expected: [phone(n.e164)],
      mustNotTake: [{ key: 'phone', value: wrong.e164 }],
    };
  }),
  t('check-phone', ['phone'], (g) => {
    const n = number(g);
    return { text: `Hang on, let me check, I never remember it. ${n.said}.`, expected: [phone(n.e164)] };
  }),
  t('mobile-question', ['phone'], (g) => {
    const n = number(g);
    return { text: `Shall I give you my mobile? ${n.said}.`, expected: [phone(n.e164)] };
  }),
  t('work-phone', ['phone'], (g) => {
    const n = number(g);
    return {
      text: `This is my work phone, it's no good after five, use ${n.said}.`,
      expected: [phone(n.e164)],
      mustNotTake: [
        { key: 'bedrooms', value: 5 },
        { key: 'price', value: 5000 },
      ],
    };
  }),
  t('son', ['phone'], (g) => {
    const n = number(g);
    return { text: `Ring my son, he's handling it for me, ${n.said}.`, expected: [phone(n.e164)] };
  }),
  t('regional', ['phone'], (g) => {
    const n = number(g);
    return {
      text: g.pick([
        `Naw, ${g.pick(PERSON)}, it's ${n.said}.`,
        `Try ${n.said}, like, this one's knackered.`,
        `Nah, use ${g.pick(SIBLING)}'s, ${n.said}.`,
      ]),
      expected: [phone(n.e164)],
    };
  }),
  t('ahead-opening', ['opening'], (g) => {
    const n = number(g);
    return {
      text: `Hi, I'm calling about selling ${g.pick(MUM)}'s house, my number's ${n.said} in case we get cut off.`,
      expected: [phone(n.e164)],
    };
  }),
  t('ahead-name', ['name'], (g) => {
    const n = number(g);
    return { text: `Kirsty Young. You can reach me on ${n.said}.`, expected: [phone(n.e164)] };
  }),
  t('ahead-timeline', ['timeline'], (g) => {
    const n = number(g);
    return { text: `Soon as you can. Oh, and use ${n.said} to call me back.`, expected: [phone(n.e164)] };
  }),
  t('ahead-reason', ['reason'], (g) => {
    const n = number(g);
    return { text: `Divorce. Oh and it's best to get me on ${n.said}.`, expected: [phone(n.e164)] };
  }),
  t('evenings', ['phone'], (g) => {
    const n = number(g);
    return {
      text: `${n.said}, but only in the evenings, I'm on shifts.`,
      expected: [phone(n.e164)],
    };
  }),
  t('age', ['phone'], (g) => {
    const n = number(g);
    const d = AGE(g);
    return {
      text: `${capitalise(d.text)}, so the house phone is best, ${n.said}.`,
      expected: [phone(n.e164)],
      mustNotTake: misreadsOf(d),
    };
  }),
  t('no-then-number', ['phone'], (g) => {
    const n = number(g);
    return { text: `No. ${capitalise(n.said)}.`, expected: [phone(n.e164)] };
  }),
  t('shared-phone', ['phone'], (g) => {
    const n = number(g);
    return { text: `This is a shared phone, mine is ${n.said}.`, expected: [phone(n.e164)] };
  }),
  t('got-a-pen', ['phone'], (g) => {
    const n = number(g);
    return { text: `Ready? ${n.said}. Got that?`, expected: [phone(n.e164)] };
  }),
  t('either', ['phone'], (g) => {
    const n = number(g);
    return {
      text: `This one or ${n.said}, that one's better.`,
      expected: [phone(n.e164)],
    };
  }),
  t('wife', ['phone'], (g) => {
    const n = number(g);
    return { text: `Put the wife's down, ${n.said}, I'm terrible at answering.`, expected: [phone(n.e164)] };
  }),
  t('read-twice', ['phone'], (g) => {
    const national = drawPhone(g);
    return {
      text: `${sayPhone(g, national, 'words')}. Again, ${sayPhone(g, national, 'digits')}.`,
      expected: [phone(e164(national))],
    };
  }),
  t('text-first', ['phone'], (g) => {
    const n = number(g);
    return {
      text: `Text me on ${n.said} first, I don't pick up numbers I don't know.`,
      expected: [phone(n.e164)],
    };
  }),
  t('code-then-rest', ['phone'], (g) => {
    const national = drawPhone(g);
    const cut = national.startsWith('07') ? 5 : national.startsWith('02') ? 3 : 4;
    return {
      text: `The code is ${national.slice(0, cut)}, then ${national.slice(cut)}.`,
      expected: [phone(e164(national))],
    };
  }),
];
