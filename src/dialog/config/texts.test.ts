import { describe, expect, it } from 'vitest';
import { AgentConfig, DEFAULT_AGENT_CONFIG } from './agent-config.js';
import { DEFAULT_TEXTS, renderText, TEXT_MAX, textsOf } from './texts.js';

const values = {
  business: 'Acme Homes',
  name: 'Sarah Jones',
  kind: 'viewing',
  address: '14 Church Lane, Manchester',
  day: 'Fri 27 Nov',
  time: '09:00',
};

function withTexts(texts: Record<string, unknown>) {
  return AgentConfig.safeParse({
    ...DEFAULT_AGENT_CONFIG,
    texts: { ...DEFAULT_AGENT_CONFIG.texts, ...texts },
  });
}

function issues(parsed: ReturnType<typeof withTexts>) {
  return parsed.success
    ? []
    : parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

describe('the texts section of the agent configuration', () => {
  it('defaults to off, with reminders a day and an hour before, so a stored configuration without it still reads', () => {
    const { texts: _texts, ...before } = DEFAULT_AGENT_CONFIG;
    const parsed = AgentConfig.parse(before);
    expect(parsed.texts).toEqual(DEFAULT_TEXTS);
    expect(parsed.texts.enabled).toBe(false);
    expect(parsed.texts.reminders_minutes).toEqual([1440, 60]);
    expect(textsOf(before as never)).toEqual(DEFAULT_TEXTS);
  });

  it('renders each default template within a text, even with every variable at its longest', () => {
    expect(renderText(DEFAULT_TEXTS.wording.booking_confirmed, values)).toBe(
      'Acme Homes: your viewing at 14 Church Lane, Manchester is booked for Fri 27 Nov at 09:00. Reply C to cancel.',
    );
    const long = { ...values, business: 'B'.repeat(300), address: 'A'.repeat(300), name: 'N'.repeat(300) };
    for (const template of Object.values(DEFAULT_TEXTS.wording)) {
      expect(renderText(template, long).length).toBeLessThanOrEqual(TEXT_MAX);
    }
    // A long address is cut, marked, and whitespace in it is folded.
    expect(renderText('{address}', { ...values, address: `1 Long\n\nRoad ${'x'.repeat(200)}` })).toMatch(
      /^1 Long Road x+…$/,
    );
  });

  it('refuses an unknown variable, naming the template', () => {
    const parsed = withTexts({
      wording: { ...DEFAULT_TEXTS.wording, booking_moved: 'Moved to {date} at {time}' },
    });
    expect(issues(parsed)).toEqual([
      { path: 'texts.wording.booking_moved', message: expect.stringMatching(/\{date\} is not a variable/) },
    ]);
  });

  it('refuses a template that could run over 320 characters once filled in', () => {
    // 230 characters of words plus {business} (100 at most) is over 320, though the template is not.
    const template = `{business} ${'word '.repeat(46)}`;
    expect(template.length).toBeLessThan(TEXT_MAX);
    const parsed = withTexts({ wording: { ...DEFAULT_TEXTS.wording, booking_reminder: template } });
    expect(issues(parsed)).toEqual([
      { path: 'texts.wording.booking_reminder', message: expect.stringMatching(/can be \d+ characters/) },
    ]);
  });

  it('takes at most three distinct reminders between 15 minutes and a week', () => {
    expect(issues(withTexts({ reminders_minutes: [60, 60] }))[0]?.path).toBe('texts.reminders_minutes');
    expect(issues(withTexts({ reminders_minutes: [10] }))[0]?.path).toBe('texts.reminders_minutes.0');
    expect(issues(withTexts({ reminders_minutes: [20_000] }))[0]?.path).toBe('texts.reminders_minutes.0');
    expect(issues(withTexts({ reminders_minutes: [15, 60, 1440, 10_080] }))[0]?.path).toBe(
      'texts.reminders_minutes',
    );
    expect(withTexts({ reminders_minutes: [] }).success).toBe(true);
    expect(issues(withTexts({ spoken_promise: '  ' }))[0]?.path).toBe('texts.spoken_promise');
    expect(issues(withTexts({ surprise: true }))[0]?.path).toBe('texts');
  });
});
