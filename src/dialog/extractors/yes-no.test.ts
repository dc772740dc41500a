import { describe, expect, it } from 'vitest';
import { extractYesNo } from './yes-no.js';

describe('extractYesNo', () => {
  it.each([
    'yes',
    'Yes.',
    'yeah',
    'yep',
    'yup',
    'yes please',
    'go on then',
    "that's right",
    'correct',
    "that's correct",
    'spot on',
    'sure',
    'ok',
    'okay then',
    'absolutely',
    'definitely',
    'of course',
    'aye',
    'uh huh',
    'mhm',
    'no problem',
    'no worries',
    'why not',
    'no yeah',
    'um yeah that sounds good',
    'i think so',
    'that works',
    'lovely thanks',
    // Grudging and regional yeses.
    "s'pose so",
    'suppose so, yeah',
    'reckon so',
    'that should do',
    "that'll do",
    "aye, that's grand",
    "that's sound",
  ])('reads %j as yes', (said) => {
    expect(extractYesNo(said)).toBe('yes');
  });

  it.each([
    'no',
    'No.',
    'nope',
    'nah',
    'not really',
    "that's wrong",
    "that's not right",
    'no thanks',
    'no thank you',
    'not at the moment',
    'not right now',
    "no, it's four bedrooms",
    "no it's a semi",
    "i don't think so",
    'definitely not',
    'yeah no',
    'incorrect',
    'not interested',
  ])('reads %j as no', (said) => {
    expect(extractYesNo(said)).toBe('no');
  });

  it.each([
    '',
    'hmm',
    "i'm not sure",
    "i don't know",
    'maybe',
    'possibly',
    'it depends',
    "it's four bedrooms",
    'm14 5ab',
  ])('reads %j as neither', (said) => {
    expect(extractYesNo(said)).toBeNull();
  });
});
