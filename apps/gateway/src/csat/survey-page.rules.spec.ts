import { surveyPage, surveyPagePolicy, SURVEY_CHOICES } from './survey-page.rules';

describe('the CSAT survey page', () => {
  const token = '6f1c2f8e-3b1d-4c55-9a57-0d8d6f2b9e11';
  const html = surveyPage(token, 'n0nce');

  it('offers every rating as a labelled radio inside a fieldset with a legend', () => {
    expect(html).toMatch(/<fieldset>\s*<legend>Your rating<\/legend>/);
    for (const [value, label] of SURVEY_CHOICES)
      expect(html).toContain(
        `<input type="radio" name="rating" value="${value}" required> <span>${value} · ${label}</span>`,
      );
  });

  it('labels the comment box and announces the outcome in a live region', () => {
    expect(html).toContain('<label for="feedback">');
    expect(html).toContain('<textarea id="feedback" name="feedback_message"');
    expect(html).toContain('role="status" aria-live="polite"');
  });

  it("posts to the survey's public endpoint with the page's token", () => {
    expect(html).toContain(`data-token="${token}"`);
    expect(html).toContain("'/public/api/v1/csat_survey/'");
  });

  it('admits only its own nonce-bearing script and style', () => {
    expect(html).toContain('<script nonce="n0nce">');
    expect(html).toContain('<style nonce="n0nce">');
    expect(surveyPagePolicy('n0nce')).toContain("script-src 'nonce-n0nce'");
    expect(surveyPagePolicy('n0nce')).toContain("default-src 'none'");
  });
});
