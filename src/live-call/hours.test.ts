import { describe, expect, it } from 'vitest';
import { DEFAULT_AGENT_CONFIG } from '../modules/agent/agent-config.js';
import { isWithinBusinessHours } from './hours.js';

const hours = DEFAULT_AGENT_CONFIG.hours;

describe('business hours in the configured zone', () => {
  it.each([
    ['2026-07-01T08:00:00Z', true], // Wednesday 09:00 BST
    ['2026-07-01T07:59:00Z', false], // 08:59 BST
    ['2026-07-01T16:29:00Z', true], // 17:29 BST
    ['2026-07-01T16:30:00Z', false], // 17:30 BST: closed
    ['2026-12-02T09:00:00Z', true], // Wednesday 09:00 GMT
    ['2026-12-02T08:59:00Z', false],
    ['2026-12-05T12:00:00Z', false], // Saturday
    ['2026-12-06T12:00:00Z', false], // Sunday
  ])('%s is %s', (at, open) => {
    expect(isWithinBusinessHours(hours, new Date(at))).toBe(open);
  });
});
