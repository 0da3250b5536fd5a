import { asDate, toUnixSeconds } from './unix-time';

describe('toUnixSeconds', () => {
  it('floors a Date to its second', () => {
    expect(toUnixSeconds(new Date('2026-11-27T10:20:07.983Z'))).toBe(1795774807);
  });

  it('reads the ISO text PostgreSQL renders in JSON, microseconds and offset included', () => {
    expect(toUnixSeconds('2026-11-27T10:20:07.983123+00:00')).toBe(1795774807);
    expect(toUnixSeconds('2026-11-27T11:20:07.999999+01:00')).toBe(1795774807);
    expect(toUnixSeconds('2026-11-27T15:50:07+05:30')).toBe(1795774807);
  });

  it('keeps an absent time absent', () => {
    expect(toUnixSeconds(null)).toBeNull();
    expect(toUnixSeconds(undefined)).toBeNull();
  });
});

describe('asDate', () => {
  it('reads ISO text and keeps a Date or null as it is', () => {
    const date = new Date('2026-11-27T10:20:07.983Z');
    expect(asDate('2026-11-27T11:20:07.983+01:00')?.getTime()).toBe(date.getTime());
    expect(asDate(date)).toBe(date);
    expect(asDate(null)).toBeNull();
  });
});
