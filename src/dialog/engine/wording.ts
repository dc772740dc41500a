/**
 * Fills the configured lines and joins reply parts into speech. Replies are spoken by a
 * text-to-speech voice, so they stay short and never carry an unfilled placeholder.
 */
import { phrase } from '../catalogue/index.js';
import type { AgentConfig } from '../config/agent-config.js';
import { TITLES } from '../extractors/index.js';

export interface LineValues {
  name: string | null;
}

/** Fills {business}, {agent} and {name}; without a name, "Hello {name}," becomes "Hello,". */
export function fillLine(config: AgentConfig, template: string, values: LineValues): string {
  let text = template.replace(/\{business\}/g, config.business_name).replace(/\{agent\}/g, config.agent_name);
  text =
    values.name === null
      ? text.replace(/^\{name\}[,\s]*/, '').replace(/\s*\{name\}/g, '')
      : text.replace(/\{name\}/g, values.name);
  return tidy(text.replace(/\s+([,.?!])/g, '$1'));
}

/** Joins reply parts with single spaces, dropping empty ones. */
export function joinSpeech(parts: readonly string[]): string {
  return tidy(
    parts
      .map((p) => p.trim())
      .filter((p) => p.length > 0)
      .join(' '),
  );
}

function tidy(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** "Sarah Jones" → "Sarah": callers are addressed by first name, or by title and surname ("Mrs Taylor"). */
export function firstName(full: string): string {
  const words = full.trim().split(/\s+/);
  if (TITLES.has((words[0] ?? '').toLowerCase()) && words.length > 1) return words.slice(0, 2).join(' ');
  return words[0] ?? full;
}

/** The last question in a line ("... How can I help?"), to repeat after silence without the whole greeting. */
export function lastQuestion(text: string): string {
  const sentences = text.split(/(?<=[.?!])\s+/).filter((s) => s.trim().length > 0);
  for (let i = sentences.length - 1; i >= 0; i--) {
    const sentence = sentences[i] ?? '';
    if (sentence.trim().endsWith('?')) return sentence.trim();
  }
  return phrase('greeting.question');
}

/** "A", "A or B", "A, B or C". */
export function listChoices(items: readonly string[]): string {
  return phrase('fragment.choices', { items });
}

export function capitalise(text: string): string {
  return text.length === 0 ? text : (text[0] ?? '').toUpperCase() + text.slice(1);
}

/** A reprompt that does not already apologise gets a short apology first. */
export function withApology(reprompt: string): string {
  return /^sorry\b/i.test(reprompt.trim()) ? reprompt : `${phrase('question.not_caught')} ${reprompt}`;
}

/** "Sorry, what name should I put down?" → "What name should I put down?", when an apology was just made. */
export function withoutApology(reprompt: string): string {
  return capitalise(reprompt.trim().replace(/^sorry[,.!]?\s*/i, ''));
}
