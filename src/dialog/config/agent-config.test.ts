import { describe, expect, it } from 'vitest';
import { AgentConfig, DEFAULT_AGENT_CONFIG } from './agent-config.js';

describe('agent configuration', () => {
  it('accepts the default', () => {
    expect(AgentConfig.parse(DEFAULT_AGENT_CONFIG)).toEqual(DEFAULT_AGENT_CONFIG);
  });

  it('accepts several windows a day that meet end to start', () => {
    const split = [
      { start: '09:00', end: '12:30' },
      { start: '12:30', end: '17:30' },
      { start: '19:00', end: '21:00' },
    ];
    const week = { ...DEFAULT_AGENT_CONFIG.hours.week, mon: split };
    const config = { ...DEFAULT_AGENT_CONFIG, hours: { ...DEFAULT_AGENT_CONFIG.hours, week } };
    expect(AgentConfig.parse(config).hours.week.mon).toEqual(split);
  });

  it.each([
    [
      { buy_box: { ...DEFAULT_AGENT_CONFIG.buy_box, min_bedrooms: 5, max_bedrooms: 2 } },
      'buy_box.min_bedrooms',
    ],
    [{ scoring: { ...DEFAULT_AGENT_CONFIG.scoring, warm_threshold: 80 } }, 'scoring.warm_threshold'],
    [{ transfer: { number: null, on_request: true, when_hot: false } }, 'transfer.number'],
    [{ transfer: { number: '0161 234 5678', on_request: true, when_hot: false } }, 'transfer.number'],
    [{ hours: { ...DEFAULT_AGENT_CONFIG.hours, time_zone: 'Mars/Olympus' } }, 'hours.time_zone'],
    [{ buy_box: { ...DEFAULT_AGENT_CONFIG.buy_box, postcode_areas: ['m14'] } }, 'buy_box.postcode_areas.0'],
    [{ lines: { ...DEFAULT_AGENT_CONFIG.lines, greeting: '' } }, 'lines.greeting'],
    [
      {
        hours: {
          ...DEFAULT_AGENT_CONFIG.hours,
          week: {
            ...DEFAULT_AGENT_CONFIG.hours.week,
            sat: [
              { start: '09:00', end: '12:00' },
              { start: '11:30', end: '13:00' },
            ],
          },
        },
      },
      'hours.week.sat.1',
    ],
    [{ unknown_field: 1 }, ''],
  ])('refuses %j at %s with a message', (patch, path) => {
    const result = AgentConfig.safeParse({ ...DEFAULT_AGENT_CONFIG, ...patch });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path.join('.')) ?? [];
    expect(paths).toContain(path);
  });
});
