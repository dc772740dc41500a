import { describe, expect, it } from 'vitest';
import { change, toCsv } from './insights-figures';

describe('the insights figures', () => {
  it('signs a change, and has none without both sides', () => {
    expect(change(7, 0)).toBe('+7');
    expect(change(3, 5)).toBe('−2');
    expect(change(65, 65)).toBe('0');
    expect(change(12.5, 10)).toBe('+2.5');
    expect(change(null, 3)).toBe('—');
  });

  it('writes every table under its title, quoting what needs it and defusing formulas', () => {
    const csv = toCsv([
      { title: 'Funnel', columns: ['Step', 'Count'], rows: [['Calls', 7]] },
      {
        title: 'Areas',
        columns: ['Area', 'Note'],
        rows: [
          ['M', 'a, b'],
          ['=cmd', 'say "hi"'],
        ],
      },
    ]);
    expect(csv).toBe(
      'Funnel\r\nStep,Count\r\nCalls,7\r\n\r\nAreas\r\nArea,Note\r\nM,"a, b"\r\n\'=cmd,"say ""hi"""\r\n',
    );
  });
});
