import { FilterCompiler, parseDate, type FilterSchema } from './filter-compiler';

const schema: FilterSchema = {
  fields: {
    status: { sql: 'c.status', kind: 'enum', values: ['open', 'resolved'] },
    labels: { sql: 'c.labels', kind: 'labels' },
    team_id: { sql: 'c.team_id', kind: 'number' },
    created_at: { sql: 'c.created_at', kind: 'date' },
    name: { sql: 'c.name', kind: 'text' },
    muted: { sql: 'c.muted', kind: 'boolean' },
  },
  resolve: (key) =>
    key.startsWith('custom_attributes.')
      ? { sql: `c.custom_attributes ->> '${key.slice(18)}'`, kind: 'text' }
      : undefined,
};

function compile(conditions: unknown[]) {
  const params: unknown[] = ['first'];
  const sql = new FilterCompiler(schema).compile(conditions as never, params);
  return { sql, params };
}

describe('FilterCompiler', () => {
  it('binds AND tighter than OR', () => {
    const { sql, params } = compile([
      { attribute_key: 'status', filter_operator: 'equal_to', values: ['open'], query_operator: 'or' },
      { attribute_key: 'team_id', filter_operator: 'equal_to', values: [3], query_operator: 'and' },
      { attribute_key: 'labels', filter_operator: 'contains', values: ['vip'] },
    ]);
    expect(sql).toBe('((c.status = ANY($2::text[])) OR (c.team_id = ANY($3::numeric[]) AND c.labels && $4::text[]))');
    expect(params).toEqual(['first', ['open'], [3], ['vip']]);
  });

  it('defaults a missing query_operator to and', () => {
    const { sql } = compile([
      { attribute_key: 'muted', filter_operator: 'equal_to', values: [true] },
      { attribute_key: 'name', filter_operator: 'is_present', values: [] },
    ]);
    expect(sql).toBe("((c.muted = $2::boolean AND coalesce(c.name, '') <> ''))");
  });

  it('escapes LIKE wildcards and matches text case-insensitively', () => {
    const { sql, params } = compile([{ attribute_key: 'name', filter_operator: 'starts_with', values: ['50%_off'] }]);
    expect(sql).toBe('((c.name ILIKE ANY($2::text[])))');
    expect(params[1]).toEqual(['50\\%\\_off%']);
  });

  it('includes rows without a value in negations', () => {
    expect(compile([{ attribute_key: 'team_id', filter_operator: 'not_equal_to', values: [1] }]).sql).toBe(
      '(((c.team_id IS NULL OR NOT c.team_id = ANY($2::numeric[]))))',
    );
  });

  it('compares dates, equal meaning the same day', () => {
    const { sql, params } = compile([
      {
        attribute_key: 'created_at',
        filter_operator: 'is_greater_than',
        values: ['2026-01-01'],
        query_operator: 'and',
      },
      { attribute_key: 'created_at', filter_operator: 'equal_to', values: [1795308681] },
    ]);
    expect(sql).toBe(
      "((c.created_at > $2::timestamptz AND (c.created_at AT TIME ZONE 'UTC')::date = ($3::timestamptz AT TIME ZONE 'UTC')::date))",
    );
    expect(params.slice(1)).toEqual(['2026-01-01T00:00:00.000Z', new Date(1795308681000).toISOString()]);
  });

  it('resolves dynamic keys', () => {
    expect(
      compile([{ attribute_key: 'custom_attributes.plan', filter_operator: 'equal_to', values: ['Gold'] }]).sql,
    ).toBe("((lower(c.custom_attributes ->> 'plan') = ANY($2::text[])))");
  });

  it.each([
    [[], 'payload must contain at least one filter condition'],
    [
      [{ attribute_key: 'nope', filter_operator: 'equal_to', values: [1] }],
      'payload[0].attribute_key "nope" is not a filterable attribute',
    ],
    [
      [{ attribute_key: 'status', filter_operator: 'bigger', values: [1] }],
      'payload[0].filter_operator "bigger" is not a known operator',
    ],
    [
      [{ attribute_key: 'status', filter_operator: 'greater_than', values: ['open'] }],
      'payload[0].filter_operator "greater_than" cannot be used with status',
    ],
    [
      [{ attribute_key: 'status', filter_operator: 'equal_to', values: ['closed'] }],
      'payload[0].values: "closed" is not one of open, resolved (status)',
    ],
    [
      [{ attribute_key: 'team_id', filter_operator: 'equal_to', values: ['abc'] }],
      'payload[0].values: "abc" is not a number (team_id)',
    ],
    [[{ attribute_key: 'created_at', filter_operator: 'is_greater_than', values: ['yesterday'] }], 'is not a date'],
    [
      [{ attribute_key: 'team_id', filter_operator: 'equal_to', values: [] }],
      'payload[0].values must not be empty for equal_to',
    ],
    [
      [
        { attribute_key: 'team_id', filter_operator: 'equal_to', values: [1], query_operator: 'xor' },
        { attribute_key: 'team_id', filter_operator: 'is_present', values: [] },
      ],
      'query_operator must be "and" or "or"',
    ],
  ])('refuses %j with 422: %s', (conditions, message) => {
    expect(() => compile(conditions)).toThrow(
      expect.objectContaining({ code: 'FILTER.INVALID', attributes: ['payload'] }),
    );
    expect(() => compile(conditions)).toThrow(message);
  });
});

describe('parseDate', () => {
  it('reads ISO 8601 and Unix seconds', () => {
    expect(parseDate('2026-11-22T10:00:00Z')?.toISOString()).toBe('2026-11-22T10:00:00.000Z');
    expect(parseDate(0)?.toISOString()).toBe('1970-01-01T00:00:00.000Z');
    expect(parseDate('1795308681')?.getTime()).toBe(1795308681000);
    expect(parseDate('soon')).toBeNull();
  });
});
