import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv.js';

describe('CSV cells', () => {
  it.each([
    ['plain', 'plain'],
    ['12 Acacia Avenue, Manchester', '"12 Acacia Avenue, Manchester"'],
    ['She said "soon"', '"She said ""soon"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+44 7700 900123', "'+44 7700 900123"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tindent', "'\tindent"],
    ['', ''],
  ])('writes %j as %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('writes numbers, booleans and nulls as they are', () => {
    expect(csvLine([250000, -5, true, null, 'x'])).toBe('250000,-5,true,,x\r\n');
  });
});
