import { toReportCsv } from './report-csv.mapper';

describe('report CSV', () => {
  it('starts with a BOM, separates with `;` and neutralises formula-looking cells', () => {
    const csv = toReportCsv(
      [
        { id: 1, name: '=HYPERLINK("x")' },
        { id: 2, name: 'Plain; text' },
      ],
      ['id', 'name'],
    );
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1).split('\n')).toEqual(['id;name', `1;"'=HYPERLINK(""x"")"`, '2;"Plain; text"', '']);
    expect(
      toReportCsv([{ id: 3, name: '-1+1' }], ['id', 'name'])
        .slice(1)
        .split('\n')[1],
    ).toBe("3;'-1+1");
  });
});
