import { csatMetrics } from './csat-metrics.rules';

describe('CSAT metrics', () => {
  it('counts ratings 1–5, satisfaction as the share of 4–5, response rate against surveys sent', () => {
    expect(
      csatMetrics(
        new Map([
          [5, 2],
          [4, 1],
          [1, 1],
        ]),
        8,
      ),
    ).toEqual({
      total_response_count: 4,
      ratings_count: { 1: 1, 2: 0, 3: 0, 4: 1, 5: 2 },
      satisfaction_score: 75,
      response_rate: 50,
    });
  });

  it('is 0 without data', () => {
    expect(csatMetrics(new Map(), 0)).toMatchObject({
      total_response_count: 0,
      satisfaction_score: 0,
      response_rate: 0,
    });
  });
});
