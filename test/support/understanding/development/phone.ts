/** Development templates: the best number to call back on. */
import { CALLER } from '../../dialog/fixtures.js';
import { capitalise, phone, templatesFor } from '../define.js';
import { drawPhone, e164, type PhoneStyle, sayPhone } from '../phones.js';
import { PERSON } from '../regional.js';
import { misreadsOf } from '../stories.js';
import type { Gen, Template } from '../types.js';
import { AGE } from './stories.js';

const STYLES: readonly PhoneStyle[] = ['digits', 'digits', 'words', 'doubles', 'mixed'];

function number(g: Gen): { said: string; e164: string } {
  const national = drawPhone(g);
  return { said: sayPhone(g, national, g.pick(STYLES)), e164: e164(national) };
}

const t = templatesFor('phone');

export const PHONE_TEMPLATES: readonly Template[] = [
  t('no-mobile', ['phone'], (g) => {
    const n = number(g);
    return { text: `No, ring me on my mobile, ${n.said}.`, expected: [phone(n.e164)] };
  }),
  t('bare', ['phone'], (g) => {
    const n = number(g);
    return { text: `${n.said}${g.pick(['', '.', ' thanks'])}`, expected: [phone(n.e164)] };
  }),
  t('best-to-use', ['phone'], (g) => {
    const n = number(g);
    return { text: `Best to use ${n.said}, I'm at work all day.`, expected: [phone(n.e164)] };
  }),
  t('yes-this-one', ['phone'], (g) => ({
    text: g.pick(["Yeah, that's my mobile, that's fine.", 'Yes, this one is fine.', 'Yep, that one.']),
    expected: [phone(CALLER)],
  })),
  t('correction', ['phone'], (g) => {
    const n = number(g);
    const wrong = number(g);
    return {
      text: `${wrong.said}. Wait, no, I've given you my sister's. Mine's ${n.said}.`,
      expected: [phone(n.e164)],
      mustNotTake: [{ key: 'phone', value: wrong.e164 }],
    };
  }),
  t('new-phone', ['phone'], (g) => {
    const n = number(g);
    return {
      text: `I think it's ${n.said}, it's a new phone, I'm still learning it.`,
      expected: [phone(n.e164)],
    };
  }),
  t('landline-question', ['phone'], (g) => {
    const n = number(g);
    return { text: `Do you want my landline? It's ${n.said}.`, expected: [phone(n.e164)] };
  }),
  t('office-line', ['phone'], (g) => {
    const n = number(g);
    return {
      text: `This is the office line, I'm only here till four, so ${n.said}.`,
      expected: [phone(n.e164)],
      mustNotTake: [
        { key: 'bedrooms', value: 4 },
        { key: 'price', value: 4000 },
      ],
    };
  }),
  t('daughter', ['phone'], (g) => {
    const n = number(g);
    return {
      text: `Can you ring my daughter instead, she's dealing with it, ${n.said}.`,
      expected: [phone(n.e164)],
    };
  }),
  t('regional', ['phone'], (g) => {
    const n = number(g);
    return {
      text: g.pick([
        `Nah, ${g.pick(PERSON)}, use ${n.said}.`,
        `Aye, no, try ${n.said} instead.`,
        `Not this one, it's me mam's. ${n.said}.`,
      ]),
      expected: [phone(n.e164)],
    };
  }),
  t('ahead-opening', ['opening'], (g) => {
    const n = number(g);
    return {
      text: `Hello, I want to talk about selling a house, and before I forget, my number is ${n.said}.`,
      expected: [phone(n.e164)],
    };
  }),
  t('ahead-name', ['name'], (g) => {
    const n = number(g);
    return { text: `Dave Hall, and my number is ${n.said}.`, expected: [phone(n.e164)] };
  }),
  t('ahead-timeline', ['timeline'], (g) => {
    const n = number(g);
    return { text: `No rush. And ring me on ${n.said}, not this one.`, expected: [phone(n.e164)] };
  }),
  t('ahead-reason', ['reason'], (g) => {
    const n = number(g);
    return { text: `Moving for work. Best number is ${n.said} by the way.`, expected: [phone(n.e164)] };
  }),
  t('after-five', ['phone'], (g) => {
    const n = number(g);
    return {
      text: `${n.said}, after ${g.pick(['five', '6', 'seven'])} is best.`,
      expected: [phone(n.e164)],
      mustNotTake: [5, 6, 7].map((v) => ({ key: 'bedrooms' as const, value: v })),
    };
  }),
  t('age', ['phone'], (g) => {
    const n = number(g);
    const d = AGE(g);
    return {
      text: `${capitalise(d.text)}, I don't do mobiles, ring the house, ${n.said}.`,
      expected: [phone(n.e164)],
      mustNotTake: misreadsOf(d),
    };
  }),
  t('nope-number', ['phone'], (g) => {
    const n = number(g);
    return { text: `Nope, ${n.said}.`, expected: [phone(n.e164)] };
  }),
  t('its-withheld', ['phone'], (g) => {
    const n = number(g);
    return { text: `It's withheld I think, so it's ${n.said}.`, expected: [phone(n.e164)] };
  }),
  t('write-this-down', ['phone'], (g) => {
    const n = number(g);
    return { text: `Have you got a pen? ${n.said}.`, expected: [phone(n.e164)] };
  }),
  t('either-one', ['phone'], (g) => {
    const n = number(g);
    return { text: `Either, but ${n.said} is the one I always answer.`, expected: [phone(n.e164)] };
  }),
  t('husband', ['phone'], (g) => {
    const n = number(g);
    return {
      text: `Use my husband's, it's ${n.said}, he's always got it on him.`,
      expected: [phone(n.e164)],
    };
  }),
  t('repeated', ['phone'], (g) => {
    const national = drawPhone(g);
    return {
      text: `${sayPhone(g, national, 'digits')}, I'll say that again, ${sayPhone(g, national, 'words')}.`,
      expected: [phone(e164(national))],
    };
  }),
  t('slowly', ['phone'], (g) => {
    const national = drawPhone(g);
    return {
      text: `Right, I'll go slowly. ${sayPhone(g, national, 'words')}.`,
      expected: [phone(e164(national))],
    };
  }),
  t('home-number', ['phone'], (g) => {
    const n = number(g);
    return {
      text: `Not really, the home number's better, ${n.said}, we're always in.`,
      expected: [phone(n.e164)],
    };
  }),
];
