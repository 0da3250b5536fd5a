import { neutralisedCell, restoredCell } from './spreadsheet-cells';

describe('spreadsheet cells', () => {
  it('neutralises formula-looking cells and reads them back', () => {
    expect(neutralisedCell('=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")');
    expect(neutralisedCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(neutralisedCell('-1+1')).toBe("'-1+1");
    expect(neutralisedCell('Plain')).toBe('Plain');
    expect(restoredCell("'=1+1")).toBe('=1+1');
    expect(restoredCell("'quoted")).toBe("'quoted");
  });
});
