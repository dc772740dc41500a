import { describe, expect, it } from 'vitest';
import { relayVoice } from '../twilio/relay-twiml.js';
import { endMessage, readHandoff } from './relay-protocol.js';
import { splitSentences } from './tokens.js';

describe('reply tokens', () => {
  it.each([
    ['', []],
    ['Hello.', ['Hello.']],
    ['Thanks, Dave. Is this the best number?', ['Thanks, Dave. ', 'Is this the best number?']],
    ['It is £250,000. Right!  And 2.5 baths?', ['It is £250,000. ', 'Right! ', 'And 2.5 baths?']],
    ['  No stop at the end  ', ['No stop at the end']],
  ])('%j', (text, tokens) => {
    expect(splitSentences(text)).toEqual(tokens);
    expect(splitSentences(text).join('')).toBe(text.trim().replace(/\s+(?=\S)/g, ' '));
  });
});

describe('voices for ConversationRelay', () => {
  it.each([
    ['Polly.Amy-Neural', { ttsProvider: 'Amazon', voice: 'Amy-Neural' }],
    ['Google.en-GB-Neural2-A', { ttsProvider: 'Google', voice: 'en-GB-Neural2-A' }],
    ['alice', { voice: 'alice' }],
    ['Polly.', { voice: 'Polly.' }],
  ])('%s', (voice, expected) => {
    expect(relayVoice(voice)).toEqual(expected);
  });
});

describe('hand-off data', () => {
  it('round-trips what the end message carries and refuses anything else', () => {
    const end = endMessage({ reason: 'transfer', transferTo: '+441610000000' });
    expect(end.type === 'end' && readHandoff(end.handoffData)).toEqual({
      reason: 'transfer',
      transferTo: '+441610000000',
    });
    for (const raw of [undefined, '', 'not json', '{"reason":"party"}', '[]'])
      expect(readHandoff(raw)).toBeNull();
  });
});
