import { neutraliseCell, toReportCsv } from './report-csv.mapper';

describe('report CSV', () => {
  it('starts with a BOM, separates with `;` and neutralises formula-looking cells', () => {
    const csv = toReportCsv([{ id: 1, name: '=HYPERLINK("x")' }, { id: 2, name: 'Plain; text' }], ['id', 'name']);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1).split('\n')).toEqual(['id;name', `1;"'=HYPERLINK(""x"")"`, '2;"Plain; text"', '']);
    expect(neutraliseCell('-1+1')).toBe("'-1+1");
    expect(neutraliseCell('ok')).toBe('ok');
  });
});
