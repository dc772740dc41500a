/**
 * Short, honest answers to questions about the call ("are you a robot?", "who am I speaking
 * to?", "what company is this?", "why do you need that?"). The agent then puts its own question again, which counts as
 * one of its tries.
 */
import { phrase } from '../catalogue/index.js';
import type { OffTopic } from '../extractors/index.js';
import { line, type Turn } from './turn.js';

const ANSWERS: Record<OffTopic, string> = {
  robot: phrase('off_topic.robot'),
  who: phrase('off_topic.who'),
  company: phrase('off_topic.company'),
  number: phrase('off_topic.number'),
  why: phrase('off_topic.why'),
};

export function offTopicAnswer(t: Turn, kind: OffTopic): string {
  return line(t, ANSWERS[kind]);
}
