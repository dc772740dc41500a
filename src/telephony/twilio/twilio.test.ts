import { getExpectedTwilioSignature } from 'twilio/lib/webhooks/webhooks.js';
import { describe, expect, it } from 'vitest';
import { DEFAULT_AGENT_CONFIG } from '../../modules/agent/agent-config.js';
import { parseForm, singleValued } from './form-body.js';
import { speechHints } from './hints.js';
import { telephonyLinks } from './links.js';
import { isSignedByTwilio, signedUrl } from './signature.js';

describe('form bodies', () => {
  it('keeps repeated keys, decodes +, and keeps __proto__ a plain field', () => {
    const body = parseForm('A=1&B=two+words&A=3&__proto__=x&Empty=');
    expect(Object.entries(body)).toEqual([
      ['A', ['1', '3']],
      ['B', 'two words'],
      ['__proto__', 'x'],
      ['Empty', ''],
    ]);
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(Object.entries(singleValued(body))).toEqual([
      ['B', 'two words'],
      ['__proto__', 'x'],
      ['Empty', ''],
    ]);
  });
});

describe('signatures', () => {
  // A known answer from Twilio's own test suite (twilio-ruby, spec/util/request_validator_spec.rb).
  const token = '2bd9e9638872de601313dc77410d3b23';
  const url = 'http://twiliotests.heroku.com/validate/voice';
  const params = {
    ToState: 'California',
    CalledState: 'California',
    Direction: 'inbound',
    FromState: 'CA',
    AccountSid: 'ACba8bc05eacf94afdae398e642c9cc32d',
    Caller: '+14153595711',
    CallerZip: '94108',
    CallerCountry: 'US',
    From: '+14153595711',
    FromCity: 'SAN FRANCISCO',
    CallerCity: 'SAN FRANCISCO',
    To: '+14157669926',
    FromZip: '94108',
    FromCountry: 'US',
    ToCity: '',
    CallStatus: 'ringing',
    CalledCity: '',
    CallerState: 'CA',
    CalledZip: '',
    ToZip: '',
    ToCountry: 'US',
    CallSid: 'CA136d09cd59a3c0ec8dbff44da5c03f31',
    CalledCountry: 'US',
    Called: '+14157669926',
    ApiVersion: '2010-04-01',
    ApplicationSid: 'AP44efecad51364e80b133bb7c07eb8204',
  };
  const signature = 'oVb2kXoVy8GEfwBDjR8bk/ZZ6eA=';

  it('accepts what Twilio signed and nothing else', () => {
    expect(getExpectedTwilioSignature(token, url, params)).toBe(signature);
    expect(isSignedByTwilio(token, signature, url, params)).toBe(true);
    expect(isSignedByTwilio(token, [signature], url, params)).toBe(false);
    expect(isSignedByTwilio(token, undefined, url, params)).toBe(false);
    expect(isSignedByTwilio(token, '', url, params)).toBe(false);
    expect(isSignedByTwilio(token.replace('2', '3'), signature, url, params)).toBe(false);
    expect(isSignedByTwilio(token, signature, url, { ...params, From: '+14153595712' })).toBe(false);
    expect(isSignedByTwilio(token, signature, `${url}?call=call_1`, params)).toBe(false);
  });

  it('rebuilds the URL from PUBLIC_URL and the path as received', () => {
    expect(signedUrl('https://x.example/app', '/telephony/twilio/gather?call=call_1')).toBe(
      'https://x.example/app/telephony/twilio/gather?call=call_1',
    );
  });
});

describe('links', () => {
  it('are absolute under PUBLIC_URL, the socket on ws(s)', () => {
    const links = telephonyLinks('https://x.example/app');
    expect(links.gather('call_1')).toBe('https://x.example/app/telephony/twilio/gather?call=call_1');
    expect(links.dialAction('call_1', 'relay')).toBe(
      'https://x.example/app/telephony/twilio/dial-action?call=call_1&via=relay',
    );
    expect(links.relaySocket('call_1')).toBe('wss://x.example/app/telephony/twilio/relay-ws?call=call_1');
    expect(telephonyLinks('http://localhost:3000').relaySocket('c')).toBe(
      'ws://localhost:3000/telephony/twilio/relay-ws?call=c',
    );
  });
});

describe('speech hints', () => {
  it('puts postcode areas first, drops repeats, commas and overlong phrases, and stops at 500', () => {
    const config = {
      ...DEFAULT_AGENT_CONFIG,
      buy_box: { ...DEFAULT_AGENT_CONFIG.buy_box, postcode_areas: ['M14', 'SK4'] },
      speech_hints: ['sk4', 'Didsbury, Manchester', 'x'.repeat(101)],
    };
    const hints = speechHints(config).split(', ');
    expect(hints.slice(0, 3)).toEqual(['M14', 'SK4', 'Didsbury  Manchester']);
    expect(hints).not.toContain('x'.repeat(101));
    expect(hints).toContain('bungalow');
    const many = {
      ...config,
      buy_box: { ...config.buy_box, postcode_areas: Array.from({ length: 500 }, (_, i) => `M${i}`) },
    };
    expect(speechHints(many).split(', ')).toHaveLength(500);
  });
});
