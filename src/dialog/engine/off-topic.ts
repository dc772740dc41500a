/**
 * Short, honest answers to questions about the call ("are you a robot?", "who am I speaking
 * to?", "what company is this?"). The agent then puts its own question again, which counts as
 * one of its tries.
 */
import type { OffTopic } from '../extractors/index.js';
import { line, type Turn } from './turn.js';

const ANSWERS: Record<OffTopic, string> = {
  robot: "I'm a virtual assistant for {business}, here to take a few details for the team.",
  who: "I'm {agent}, the virtual assistant for {business}.",
  company: "You're through to {business}.",
  number: 'I can only see the number you are calling from.',
};

export function offTopicAnswer(t: Turn, kind: OffTopic): string {
  return line(t, ANSWERS[kind]);
}
