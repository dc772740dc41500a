import { describe, expect, it } from 'vitest';
import { gatheredInput } from './gathered-input.js';

describe('what a Gather heard', () => {
  it.each([
    [
      { SpeechResult: ' three bed semi ', Confidence: '0.82' },
      { kind: 'speech', text: 'three bed semi', confidence: 0.82 },
    ],
    [
      { SpeechResult: 'yes', Confidence: 'n/a' },
      { kind: 'speech', text: 'yes' },
    ],
    [
      { SpeechResult: 'yes', Confidence: '7' },
      { kind: 'speech', text: 'yes' },
    ],
    [{ SpeechResult: '   ' }, { kind: 'silence' }],
    [{}, { kind: 'silence' }],
    [{ Digits: '07700900123#' }, { kind: 'dtmf', digits: '07700900123#' }],
    [{ Digits: 'hangup' }, { kind: 'silence' }],
  ])('%j', (fields, input) => {
    expect(gatheredInput(fields)).toEqual(input);
  });
});
