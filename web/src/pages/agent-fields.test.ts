import type { AgentConfig } from '@callagent/sdk';
import { describe, expect, it } from 'vitest';
import { DEFAULT_AGENT_CONFIG } from '../../../src/dialog/config/agent-config';
import { describeChanges, fieldName, problemInWords } from './agent-fields';

const base = DEFAULT_AGENT_CONFIG as AgentConfig;
const edited = (change: (c: AgentConfig) => void): AgentConfig => {
  const copy = structuredClone(base);
  change(copy);
  return copy;
};

describe('the agent configuration in words', () => {
  it('names each change by its label and shows values as people read them', () => {
    const before = edited((c) => {
      c.buy_box.max_price = 250_000;
      c.lines.greeting = 'Hello';
    });
    const after = edited((c) => {
      c.buy_box.max_price = 275_000;
      c.lines.greeting = 'Hi there';
      c.buy_box.conditions = ['needs_modernisation'];
      c.transfer.when_hot = !base.transfer.when_hot;
    });
    expect(describeChanges(before, after).map((c) => `${c.label}: ${c.before} → ${c.after}`)).toEqual([
      'Greeting: Hello → Hi there',
      'Price ceiling: £250,000 → £275,000',
      'Conditions bought: Any → Needs modernisation',
      `Transfer hot callers: ${base.transfer.when_hot ? 'Yes → No' : 'No → Yes'}`,
    ]);
  });

  it('names the recording notice, and reads a version from before it as having none', () => {
    const before = edited((c) => {
      // A version published before the notice existed has no such line.
      delete (c.lines as Partial<AgentConfig['lines']>).recording_notice;
    });
    const after = edited((c) => {
      c.lines.recording_notice = 'This call is recorded for training and quality.';
    });
    expect(describeChanges(before, after).map((c) => `${c.label}: ${c.before} → ${c.after}`)).toEqual([
      'Recording notice:  → This call is recorded for training and quality.',
    ]);
    expect(fieldName('lines.recording_notice')).toEqual({ section: 'lines', label: 'Recording notice' });
    expect(problemInWords('lines.recording_notice', 'must not be empty', after)).toBe(
      'Recording notice: must not be empty',
    );
  });

  it('matches questions by what they ask, so a new order is one change', () => {
    const after = edited((c) => {
      c.questions.reverse();
      const name = c.questions.find((q) => q.slot === 'name');
      if (name) name.prompt = 'Who am I speaking to?';
    });
    const changes = describeChanges(base, after);
    expect(changes.map((c) => c.label)).toEqual([
      'Order of questions',
      'Question on name: how the agent asks',
    ]);
    expect(changes[1]?.after).toBe('Who am I speaking to?');
  });

  it('shows opening hours as windows, and a closed day as closed', () => {
    const after = edited((c) => {
      c.hours.week.mon = [
        { start: '09:00', end: '12:30' },
        { start: '13:30', end: '17:30' },
      ];
      c.hours.week.sun = [];
    });
    const changes = describeChanges(base, after);
    expect(changes.find((c) => c.label === 'Monday hours')?.after).toBe('09:00–12:30, 13:30–17:30');
    expect(changes.some((c) => c.label === 'Sunday hours' && c.after === 'Closed')).toBe(
      base.hours.week.sun.length > 0,
    );
  });

  it('puts an API problem into the form’s words, naming the item of a list', () => {
    const config = edited((c) => {
      c.buy_box.postcode_areas = ['M', 'SK4', 'WA14', 'OL', 'BL', 'ZZ99Z'];
    });
    expect(
      problemInWords(
        'buy_box.postcode_areas.5',
        'must be a postcode area (M) or district (M14), in capitals',
        config,
      ),
    ).toBe(
      'Postcode areas and districts, “ZZ99Z” (the 6th): must be a postcode area (M) or district (M14), in capitals',
    );
    expect(problemInWords('buy_box.min_bedrooms', 'must not be above max_bedrooms', config)).toBe(
      'Fewest bedrooms: must not be above the most bedrooms',
    );
    expect(fieldName('hours.week.mon.1', config)).toEqual({ section: 'hours', label: 'Monday hours' });
    expect(fieldName('hours.week.tue.0.start', config)).toEqual({ section: 'hours', label: 'Tuesday opens' });
    expect(fieldName('questions.0.prompt', config).label).toBe('Question on name: how the agent asks');
  });
});
