/**
 * Replies to a choice of times that name no time: turning them all down ("neither", "i can't do
 * those"), leaving it to the agent ("either", "whichever", "i don't mind"), or asking for later
 * or earlier ones ("anything later?", "something a bit earlier"). Rule lists, so a new phrasing
 * is one line here.
 */
import { findPhraseMatches, phraseRule } from './phrases.js';

export type TimeReply = 'decline' | 'either' | 'later' | 'earlier';

const RULES = [
  phraseRule<TimeReply>(
    'decline',
    [
      'neither',
      'none',
      'nothing',
      "can't",
      'cannot',
      'can not',
      'no good',
      "don't want",
      'not those',
      'not them',
    ],
    false,
  ),
  phraseRule<TimeReply>(
    'either',
    [
      'either',
      'any',
      'whichever',
      'whatever',
      'whenever',
      'anytime',
      "don't mind",
      'do not mind',
      'not fussed',
      'both',
      'you choose',
      'up to you',
    ],
    false,
  ),
  phraseRule<TimeReply>(
    'later',
    [
      '(?:anything|something|any time|anytime|a bit|bit|little|slightly|much|any) (?:later|after that)',
      'later (?:on|in the day|than that|if possible|please)',
      '^later$',
    ],
    false,
  ),
  phraseRule<TimeReply>(
    'earlier',
    [
      '(?:anything|something|any time|anytime|a bit|bit|little|slightly|much|any) (?:earlier|sooner)',
      '(?:earlier|sooner) (?:on|in the day|than that|if possible|please)',
      '^(?:earlier|sooner)$',
    ],
    false,
  ),
];

/** What a normalised reply to an offer says without naming a time; null when none of these. */
export function readTimeReply(normalised: string): Set<TimeReply> {
  return new Set(findPhraseMatches(normalised, RULES).map((m) => m.value));
}
