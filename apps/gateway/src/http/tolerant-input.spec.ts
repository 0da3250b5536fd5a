import { plainToInstance } from 'class-transformer';
import { IsNumber, validateSync } from 'class-validator';
import { IsPage, MayBeOmitted, ToDecimal } from './tolerant-input.decorators';

class Query {
  @IsPage() page?: number;
  @ToDecimal() @MayBeOmitted() @IsNumber() offset?: number;
}

function read(input: Record<string, unknown>): { value: Query; problems: string[] } {
  const value = plainToInstance(Query, input);
  return { value, problems: validateSync(value).map((error) => error.property) };
}

describe('IsPage', () => {
  it('reads 0 and negative pages as the first page', () => {
    for (const page of ['0', '-1', '-99999999999999999999', 0, -4]) expect(read({ page }).value.page).toBe(1);
    expect(read({ page: '7' })).toEqual({ value: expect.objectContaining({ page: 7 }), problems: [] });
  });

  it('refuses pages above the cap and anything but a whole number', () => {
    for (const page of ['100001', '99999999999999999999', 'abc', '1.5', '1e3', '0x10', 1.5, null])
      expect({ page, problems: read({ page }).problems }).toEqual({ page, problems: ['page'] });
    expect(read({ page: '100000' }).problems).toEqual([]);
  });
});

describe('ToDecimal', () => {
  it('reads decimal strings only', () => {
    expect(read({ offset: '-3' }).value.offset).toBe(-3);
    expect(read({ offset: '5.5' }).value.offset).toBe(5.5);
    for (const offset of ['0x10', '1e3', '1,5', 'Infinity']) expect(read({ offset }).problems).toEqual(['offset']);
  });
});
