import { withSurveyLink } from './survey-link.rules';

describe('withSurveyLink', () => {
  it("adds a survey's page link to its text, and leaves other messages alone", () => {
    expect(
      withSurveyLink('Please rate the conversation', { csat_survey_url: 'https://p.test/survey/responses/t' }),
    ).toBe('Please rate the conversation\n\nhttps://p.test/survey/responses/t');
    expect(withSurveyLink('Hello', {})).toBe('Hello');
    expect(withSurveyLink(null, {})).toBeNull();
  });
});
