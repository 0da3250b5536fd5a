import { ClaimFloor } from './claim-floor';

describe('ClaimFloor', () => {
  let clock = 0;
  let subject: ClaimFloor;
  beforeEach(() => {
    clock = 0;
    subject = new ClaimFloor(1000, () => clock);
  });
  /** The floor at each of these moments. */
  const floorsAt = (moments: number[]) =>
    moments.map((moment) => {
      clock = moment;
      return subject.value;
    });

  it('starts at zero: the first claims scan from the start', () => {
    subject.claimed(10n);
    expect(subject.value).toBe(0n);
  });

  it('rises to the highest seq claimed at least the lag ago, never to a newer one', () => {
    subject.claimed(10n);
    clock = 400;
    subject.claimed(25n);
    expect(floorsAt([999, 1000, 1399, 1400])).toEqual([0n, 10n, 10n, 25n]);
  });

  it('never falls back when a later claim took only older rows (a straggler)', () => {
    subject.claimed(40n);
    clock = 100;
    subject.claimed(12n);
    expect(floorsAt([5000])).toEqual([40n]);
    subject.claimed(30n);
    expect(floorsAt([10_000])).toEqual([40n]);
  });
});
