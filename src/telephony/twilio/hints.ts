import type { AgentConfig } from '../../modules/agent/agent-config.js';

/** Words callers use about selling a house that a general recogniser often gets wrong. */
const DOMAIN_WORDS = [
  'semi-detached',
  'detached',
  'terraced',
  'end of terrace',
  'bungalow',
  'maisonette',
  'flat',
  'probate',
  'repossession',
  'tenanted',
  'vacant',
  'modernisation',
  'renovation',
  'freehold',
  'leasehold',
  'postcode',
  'bedrooms',
  'call back',
  'speak to someone',
];

// Twilio's limits for <Gather hints>: each phrase at most 100 characters, at most 500 of them.
const MAX_HINTS = 500;
const MAX_HINT_LENGTH = 100;

/**
 * Hints for the speech recogniser: the buy box's postcode areas (the words most often
 * misheard on these calls), the configured extras, then the domain words; duplicates and
 * anything over Twilio's limits dropped.
 */
export function speechHints(config: AgentConfig): string {
  const seen = new Set<string>();
  const hints: string[] = [];
  for (const raw of [...config.buy_box.postcode_areas, ...config.speech_hints, ...DOMAIN_WORDS]) {
    // Commas separate hints, so one inside a hint would split it.
    const hint = raw.replaceAll(',', ' ').trim();
    const key = hint.toLowerCase();
    if (hint === '' || hint.length > MAX_HINT_LENGTH || seen.has(key)) continue;
    seen.add(key);
    hints.push(hint);
    if (hints.length === MAX_HINTS) break;
  }
  return hints.join(', ');
}
