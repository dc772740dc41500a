import { describe, expect, it } from 'vitest';
import { redactUrlSecrets } from './redact-url.js';

const FEED_TOKEN = 'Qm9va2luZ3MtZmVlZC10b2tlbi1vZi00My1jaGFyYWN0';

describe('redactUrlSecrets', () => {
  it.each([
    [`/api/v1/calendar-feeds/${FEED_TOKEN}/bookings.ics`, '/api/v1/calendar-feeds/[redacted]/bookings.ics'],
    [
      `https://callagent.test/api/v1/calendar-feeds/${FEED_TOKEN}/bookings.ics?x=1`,
      'https://callagent.test/api/v1/calendar-feeds/[redacted]/bookings.ics?x=1',
    ],
    ['/invitations/accept?token=cai_abc-DEF_123', '/invitations/accept?token=[redacted]'],
    [
      '/x?a=1&key=k1&b=2&secret=s&password=p&signature=sig',
      '/x?a=1&key=[redacted]&b=2&secret=[redacted]&password=[redacted]&signature=[redacted]',
    ],
    ['/x?TOKEN=upper#frag', '/x?TOKEN=[redacted]#frag'],
    ['/api/v1/things/cak_live_abcDEF123-_', '/api/v1/things/[redacted]'],
    ['a key whsec_s3cr3t in a message', 'a key [redacted] in a message'],
    ['GET /api/v1/leads?status=new&q=jones', 'GET /api/v1/leads?status=new&q=jones'],
    ['/api/v1/calls/call_01jd3k/transcript', '/api/v1/calls/call_01jd3k/transcript'],
    ['/telephony/twilio/gather?call=call_01jd3k', '/telephony/twilio/gather?call=call_01jd3k'],
    ['a token=value without a query', 'a token=value without a query'],
  ])('%s', (text, expected) => {
    expect(redactUrlSecrets(text)).toBe(expected);
  });
});
