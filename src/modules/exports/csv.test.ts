import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv.js';

describe('CSV cells', () => {
  it.each([
    ['plain', 'plain'],
    ['12 Acacia Avenue, Manchester', '"12 Acacia Avenue, Manchester"'],
    ['She said "soon"', '"She said ""soon"""'],
    ['two\nlines', '"two\nlines"'],
    ['', ''],
    // A formula at the start of the cell.
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+44 7700 900123', "'+44 7700 900123"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tindent', "'\tindent"],
    ['\rreturn', `"'\rreturn"`],
    ['\t=1+1', "'\t=1+1"],
    // After leading whitespace, which some spreadsheets trim before they look.
    ['  =1+1', "'  =1+1"],
    ['\u00a0@SUM(A1)', "'\u00a0@SUM(A1)"],
    // Full-width forms, which some East Asian input methods give and spreadsheets accept.
    ['\uff1d1+1', "'\uff1d1+1"],
    ['\uff0b44', "'\uff0b44"],
    // Where a semicolon locale, a tab import or a line-by-line import starts a new cell.
    ['Mortgage arrears;=cmd|" /C calc"!A0', `"Mortgage arrears;'=cmd|"" /C calc""!A0"`],
    ['a; =1+1', "a; '=1+1"],
    ['a;;-2', "a;;'-2"],
    ['a\t@SUM(A1)', "a\t'@SUM(A1)"],
    ['a\r\n+1', `"a\r\n'+1"`],
    ['line one\n  =2*3', `"line one\n  '=2*3"`],
    ['=a;=b', "'=a;'=b"],
    // Nothing to guard: a sign after other text, a comma (cells split there are quoted).
    ['3-bed semi, £250,000 - £260,000', '"3-bed semi, £250,000 - £260,000"'],
    ['call after 5pm; no weekends', 'call after 5pm; no weekends'],
    ['a, =1', '"a, =1"'],
  ])('writes %j as %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('writes numbers, booleans and nulls as they are', () => {
    expect(csvLine([250000, -5, true, null, 'x'])).toBe('250000,-5,true,,x\r\n');
  });
});
