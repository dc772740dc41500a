/** The pure dialog engine: greeting, turns, and the types the call service stores and applies. */
export { type CrossCheckView, crossCheckedKeys, readCrossChecks } from './cross-check.js';
export { startCall, takeTurn } from './engine.js';
export type {
  CallContext,
  CallerInput,
  CallState,
  Effect,
  EndReason,
  Facts,
  FreeTime,
  ModelReading,
  Outcome,
  ScoreLine,
  TurnResult,
} from './types.js';
export { capInput, capUtterance, MAX_KEYPAD_DIGITS, MAX_UTTERANCE_CHARS } from './utterance.js';
