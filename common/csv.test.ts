import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('CSV writer', () => {
  it('quotes cells with commas, quotes, semicolons and line breaks, doubling inner quotes', () => {
    expect(csvCell('Pão, café')).toBe('"Pão, café"');
    expect(csvCell('diz "oi"')).toBe('"diz ""oi"""');
    expect(csvCell('linha\nnova')).toBe('"linha\nnova"');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('simples')).toBe('simples');
  });

  it('neutralises cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+5511')).toBe("'+5511");
    expect(csvCell('-1+2')).toBe("'-1+2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
  });

  it('keeps numbers as numbers (negatives too) and empties as empty', () => {
    expect(csvCell(-3.5)).toBe('-3.5');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('joins rows with CRLF', () => {
    expect(
      toCsv([
        ['data', 'conversas'],
        ['2026-11-01', 3],
      ]),
    ).toBe('data,conversas\r\n2026-11-01,3\r\n');
  });
});
