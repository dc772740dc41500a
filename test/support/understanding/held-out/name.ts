/**
 * Held-out templates: the caller's name. Never tune the engine on these; read only the figures.
 */
import { capitalise, listOf, name, templatesFor } from '../define.js';
import { HELLO, NAN, PERSON, SIBLING, YES } from '../regional.js';
import { misreadsOf } from '../stories.js';
import type { Gen, Template } from '../types.js';
import { AGE } from './stories.js';

const FIRST = listOf(
  'Rhys Catriona Imran Zainab Ewan Leah Cerys Padraig Anjali Olumide Magdalena Ruaridh Sian Hassan Kirsty Tyrone Eilidh Nadia Dafydd Joanne Sandeep Blessing Fergus Orla Wojciech Nasreen Jamal Morag Bethan Kieran',
);
/** Surnames of every background, some of them ordinary words (Young, Rich, Baker, Fox, Moss). */
const LAST = listOf(
  'Young Rich Baker Cook Fox Moss Sharp Black Green Little Stone Marsh Jenkins Hussain Malik McAllister Adeyemi Zielinski Kaur Doherty Llewellyn Robertson Iqbal Mahmood Nwosu Wisniewski Ross Gill Pritchard Quinn',
);
const WORD_SURNAMES = listOf('Young Rich Baker Cook Fox Moss Sharp Black Green Little Stone Marsh');
/** Given names and the short form the caller goes by. */
const NICKNAMES: readonly (readonly [string, string])[] = [
  ['Elizabeth', 'Liz'],
  ['Robert', 'Bob'],
  ['Gwilym', 'Gwil'],
  ['Alexander', 'Sandy'],
  ['Oluwaseun', 'Seun'],
  ['Patricia', 'Trish'],
  ['Iftikhar', 'Iffy'],
];

function person(g: Gen): { first: string; last: string; full: string } {
  const first = g.pick(FIRST);
  const last = g.pick(LAST);
  return { first, last, full: `${first} ${last}` };
}

const t = templatesFor('name');

export const NAME_TEMPLATES: readonly Template[] = [
  t('bare', ['name'], (g) => {
    const p = person(g);
    return { text: `${p.full}${g.pick(['', '.', ' yeah'])}`, expected: [name(p.full)] };
  }),
  t('its', ['name'], (g) => {
    const p = person(g);
    return { text: `${g.pick(["It's", 'Yeah it is', "It's erm"])} ${p.full}.`, expected: [name(p.full)] };
  }),
  t('call-me', ['name'], (g) => {
    const p = person(g);
    return { text: `${p.full}. Just call me ${p.first}.`, expected: [name(p.full)] };
  }),
  t('yes-then-name', ['name'], (g) => {
    const p = person(g);
    return {
      text: `${capitalise(g.pick(YES))}, it's ${p.full}${g.pick(['', `, ${g.pick(PERSON)}`])}.`,
      expected: [name(p.full)],
    };
  }),
  t('spelt-surname', ['name'], (g) => {
    const p = person(g);
    const letters = [...p.last.replace(/'/g, '').toUpperCase()].join(' ');
    return { text: `${p.full}, that's ${letters}.`, expected: [name(p.full)] };
  }),
  t('why-need', ['name'], (g) => {
    const p = person(g);
    return { text: `Why do you need that? Oh go on then, ${p.full}.`, expected: [name(p.full)] };
  }),
  t('is-that-for-the-form', ['name'], (g) => {
    const p = person(g);
    return { text: `${p.full}, is that all you need?`, expected: [name(p.full)] };
  }),
  t('nickname', ['name'], (g) => {
    const [given, nick] = g.pick(NICKNAMES);
    const last = g.pick(LAST);
    return {
      text: `${given} ${last}, but everyone calls me ${nick}.`,
      expected: [name(`${given} ${last}`, `${nick} ${last}`)],
    };
  }),
  t('correction-first', ['name'], (g) => {
    const p = person(g);
    const wrong = g.pick(FIRST.filter((f) => f !== p.first));
    return {
      text: `${wrong}, no hang on, that's my husband. I'm ${p.full}.`,
      expected: [name(p.full)],
      mustNotTake: [
        { key: 'name', value: `${wrong} ${p.last}` },
        { key: 'name', value: wrong },
      ],
    };
  }),
  t('story-behalf', ['name'], (g) => {
    const p = person(g);
    return {
      text: `I'm ringing on behalf of ${g.pick(NAN)} really, but I'm the one sorting it, so ${p.full}.`,
      expected: [name(p.full)],
    };
  }),
  t('word-surname', ['name'], (g) => {
    const first = g.pick(FIRST);
    const last = g.pick(WORD_SURNAMES);
    return {
      text: `${first} ${last}, like it sounds.`,
      expected: [name(`${first} ${last}`)],
    };
  }),
  t('word-surname-plain', ['name'], (g) => {
    const first = g.pick(FIRST);
    const last = g.pick(WORD_SURNAMES);
    return {
      text: `It's ${first} ${last}${g.pick(['', ' here', ' speaking'])}.`,
      expected: [name(`${first} ${last}`)],
    };
  }),
  t('title-and-name', ['name'], (g) => {
    const p = person(g);
    return { text: `${g.pick(['Mrs', 'Mr', 'Ms'])} ${p.full}.`, expected: [name(p.full)] };
  }),
  t('opening-here', ['opening'], (g) => {
    const p = person(g);
    return {
      text: `${capitalise(g.pick(HELLO))}, ${p.full} here, I'm ringing about selling me house.`,
      expected: [name(p.full)],
    };
  }),
  t('opening-calling', ['opening'], (g) => {
    const p = person(g);
    return {
      text: `${capitalise(g.pick(HELLO))}, it's ${p.full}, I'm calling about a house I need to sell.`,
      expected: [name(p.full)],
    };
  }),
  t('opening-first-only', ['opening'], (g) => {
    const first = g.pick(FIRST);
    return {
      text: `Hi, ${first} here, saw your advert on Facebook about buying houses.`,
      expected: [name(first)],
    };
  }),
  t('first-and-surname', ['name'], (g) => {
    const p = person(g);
    return { text: `First name ${p.first}, surname ${p.last}.`, expected: [name(p.full)] };
  }),
  t('joint-owners', ['name'], (g) => {
    const p = person(g);
    return {
      text: `${p.full}. ${capitalise(g.pick(SIBLING))} owns half of it but I'm dealing with it.`,
      expected: [name(p.full)],
    };
  }),
  t('put-down-as', ['name'], (g) => {
    const p = person(g);
    return { text: `Put me down as ${p.full}.`, expected: [name(p.full)] };
  }),
  t('age', ['name'], (g) => {
    const p = person(g);
    const d = AGE(g);
    return {
      text: `${p.full}, and ${d.text} so go easy on me.`,
      expected: [name(p.full)],
      mustNotTake: misreadsOf(d),
    };
  }),
  t('mac-o', ['name'], (g) => {
    const first = g.pick(FIRST);
    const last = g.pick(["O'Sullivan", 'MacDonald', 'McGregor', "O'Hara", 'Fitzgerald']);
    return {
      text: `${first} ${last}${g.pick(['', ', all one word', ', yeah'])}.`,
      expected: [name(`${first} ${last}`)],
    };
  }),
  t('sorry-name', ['name'], (g) => {
    const p = person(g);
    return { text: `Sorry, the name? ${p.full}.`, expected: [name(p.full)] };
  }),
  t('ahead-opening-sell', ['opening'], (g) => {
    const p = person(g);
    return {
      text: `Yes, this is ${p.full}, I want to sell a property in ${g.pick(['Salford', 'Cardiff', 'Leeds', 'Dundee'])}.`,
      expected: [name(p.full)],
    };
  }),
  t('that-is', ['name'], (g) => {
    const p = person(g);
    return { text: `That'll be ${p.full}.`, expected: [name(p.full)] };
  }),
];
