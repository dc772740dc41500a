import type { CallerInput } from '../../dialog/engine/index.js';

/**
 * What a <Gather> heard. Empty speech is silence (actionOnEmptyResult posts it too), so the
 * engine decides when silence has gone on long enough.
 */
export function gatheredInput(fields: Record<string, string>): CallerInput {
  const text = (fields.SpeechResult ?? '').trim();
  if (text !== '') {
    const confidence = Number.parseFloat(fields.Confidence ?? '');
    return Number.isFinite(confidence) && confidence >= 0 && confidence <= 1
      ? { kind: 'speech', text, confidence }
      : { kind: 'speech', text };
  }
  const digits = (fields.Digits ?? '').trim();
  if (/^[0-9*#]+$/.test(digits)) return { kind: 'dtmf', digits };
  return { kind: 'silence' };
}
