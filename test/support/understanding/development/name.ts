/** Development templates: the caller's name. */
import { capitalise, listOf, name, templatesFor } from '../define.js';
import { MUM, PARTNER, PERSON } from '../regional.js';
import { misreadsOf } from '../stories.js';
import type { Gen, Template } from '../types.js';
import { AGE } from './stories.js';

const FIRST = listOf(
  'Gareth Siobhan Priya Aisha Callum Chloe Dylan Niamh Tariq Kwame Mei Agnieszka Hamish Rhiannon Declan Fatima Liam Precious Ravi Bronwen Connor Shona Yusuf Grace Tomasz Deepak Kerry Iwan Aoife Stuart',
);
/** Surnames of every background, some of them ordinary words (Price, Wood, Bell, Hall, Wright). */
const LAST = listOf(
  "Price Wood Bell Hall Wright Brown White Hill Evans Patel Khan MacLeod Okafor Nowak Singh Morgan Gallagher Campbell Begum Hughes Fraser Davies Ahmed Kowalski Chen Mensah O'Neill Lloyd Murphy McKenzie",
);
const WORD_SURNAMES = ['Price', 'Wood', 'Bell', 'Hall', 'Wright', 'Hill', 'Brown', 'White'];
/** Given names and what everyone calls them. */
const NICKNAMES: readonly (readonly [string, string])[] = [
  ['Mohammed', 'Mo'],
  ['Christopher', 'Chris'],
  ['Katherine', 'Kate'],
  ['Abdullah', 'Abdul'],
  ['Margaret', 'Maggie'],
  ['Anthony', 'Tony'],
  ['Gwendoline', 'Gwen'],
];

function person(g: Gen): { first: string; last: string; full: string } {
  const first = g.pick(FIRST);
  const last = g.pick(LAST);
  return { first, last, full: `${first} ${last}` };
}

const _LIKE: Record<string, string> = {
  Price: 'like the price of something',
  Wood: 'like the trees',
  Bell: 'like a church bell',
  Hall: 'like a village hall',
  Wright: 'with a W',
  Hill: 'like a hill',
  Brown: 'like the colour',
  White: 'like the colour',
};

const t = templatesFor('name');

export const NAME_TEMPLATES: readonly Template[] = [
  t('bare', ['name'], (g) => {
    const p = person(g);
    return { text: p.full, expected: [name(p.full)] };
  }),
  t('this-is', ['name'], (g) => {
    const p = person(g);
    return {
      text: `${g.pick(['This is', "You're speaking to", "It's"])} ${p.full}.`,
      expected: [name(p.full)],
    };
  }),
  t('my-names', ['name'], (g) => {
    const p = person(g);
    return {
      text: `${g.pick(["My name's", 'My name is', 'Name is'])} ${p.full}${g.pick(['', ', thanks', ', cheers'])}.`,
      expected: [name(p.full)],
    };
  }),
  t('with-endearment', ['name'], (g) => {
    const p = person(g);
    return { text: `Yeah, ${p.full}, ${g.pick(PERSON)}.`, expected: [name(p.full)] };
  }),
  t('spelt-first', ['name'], (g) => {
    const p = person(g);
    const letters = [...p.first.toUpperCase()].join(' ');
    return { text: `${p.full}. ${p.first} is ${letters}.`, expected: [name(p.full)] };
  }),
  t('full-name-question', ['name'], (g) => {
    const p = person(g);
    return { text: `Do you need my full name? It's ${p.full}.`, expected: [name(p.full)] };
  }),
  t('what-mine', ['name'], (g) => {
    const p = person(g);
    return { text: `What, mine? ${p.full}. It's ${g.pick(MUM)}'s house though.`, expected: [name(p.full)] };
  }),
  t('go-by', ['name'], (g) => {
    const [given, nick] = g.pick(NICKNAMES);
    const last = g.pick(LAST);
    return {
      text: `${given} ${last}, but I go by ${nick}${g.pick(['', ' to be honest', ', everyone does'])}.`,
      expected: [name(`${given} ${last}`, `${nick} ${last}`)],
    };
  }),
  t('correction-surname', ['name'], (g) => {
    const p = person(g);
    const maiden = g.pick(LAST.filter((l) => l !== p.last));
    return {
      text: `${p.first} ${maiden}, sorry, ${p.first} ${p.last}, I don't know why I said that.`,
      expected: [name(p.full)],
      mustNotTake: [{ key: 'name', value: `${p.first} ${maiden}` }],
    };
  }),
  t('story-dealing', ['name'], (g) => {
    const p = person(g);
    return {
      text: `Well the house is ${g.pick(MUM)}'s, but it's me dealing with it, ${p.full}.`,
      expected: [name(p.full)],
    };
  }),
  t('word-surname', ['name'], (g) => {
    const first = g.pick(FIRST);
    const last = g.pick(WORD_SURNAMES);
    return {
      text: `${first} ${last}. ${last} as in ${last.toLowerCase()}, yeah.`,
      expected: [name(`${first} ${last}`)],
    };
  }),
  t('mr-then-full', ['name'], (g) => {
    const p = person(g);
    return { text: `${g.pick(['Mr', 'Mrs', 'Miss'])} ${p.last}. ${p.full}.`, expected: [name(p.full)] };
  }),
  t('surname-first', ['name'], (g) => {
    const p = person(g);
    return { text: `${p.last}. ${p.first} ${p.last}.`, expected: [name(p.full)] };
  }),
  t('surname-is', ['name'], (g) => {
    const p = person(g);
    return { text: `${p.first}, and the surname is ${p.last}.`, expected: [name(p.full)] };
  }),
  t('opening-leaflet', ['opening'], (g) => {
    const first = g.pick(FIRST);
    return {
      text: `Hello, my name's ${first}, I got your number off a leaflet about selling.`,
      expected: [name(first)],
    };
  }),
  t('speaking', ['name'], (g) => {
    const p = person(g);
    return { text: `${p.full} speaking.`, expected: [name(p.full)] };
  }),
  t('its-me', ['name'], (g) => {
    const p = person(g);
    return {
      text: `It's me, ${p.full}, I rang last week${g.pick(['', ' but nobody got back to me'])}.`,
      expected: [name(p.full)],
    };
  }),
  t('for-us-both', ['name'], (g) => {
    const p = person(g);
    return { text: `I'm ${p.full}, I'm calling for me and ${g.pick(PARTNER)}.`, expected: [name(p.full)] };
  }),
  t('put-down', ['name'], (g) => {
    const p = person(g);
    return { text: `You can put ${p.first} down. ${p.full}.`, expected: [name(p.full)] };
  }),
  t('age', ['name'], (g) => {
    const p = person(g);
    const d = AGE(g);
    return {
      text: `${p.full}. ${capitalise(d.text)}, before you ask.`,
      expected: [name(p.full)],
      mustNotTake: misreadsOf(d),
    };
  }),
  t('double-barrelled', ['name'], (g) => {
    const first = g.pick(FIRST);
    const [a, b] = [g.pick(['Lloyd', 'Hughes', 'Bell']), g.pick(['Jones', 'Williams', 'Smith'])];
    return { text: `${first} ${a}-${b}, with a hyphen.`, expected: [name(`${first} ${a}-${b}`)] };
  }),
  t('yeah-its', ['name'], (g) => {
    const p = person(g);
    return { text: `Yeah, sure, it's ${p.first}, ${p.first} ${p.last}.`, expected: [name(p.full)] };
  }),
  t('ahead-opening-full', ['opening'], (g) => {
    const p = person(g);
    return {
      text: `Good morning, my name is ${p.full} and I've got a flat in ${g.pick(['Swansea', 'Paisley', 'Bolton', 'Sunderland'])} I want rid of.`,
      expected: [name(p.full)],
    };
  }),
  t('after-hello', ['name'], (g) => {
    const p = person(g);
    return { text: `Oh sorry, I thought I said. ${p.full}.`, expected: [name(p.full)] };
  }),
];
