import { csatSurveyMessage } from './csat-survey.rules';

describe('the CSAT survey message', () => {
  it('is an outgoing input_csat message from the system carrying a fresh token each time', () => {
    const first = csatSurveyMessage('https://parley.example.com');
    expect(first).toMatchObject({ messageType: 'outgoing', contentType: 'input_csat', senderType: null });
    const token = first.contentAttributes!.csat_survey_token as string;
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.contentAttributes!.csat_survey_url).toBe(`https://parley.example.com/survey/responses/${token}`);
    expect(csatSurveyMessage('https://parley.example.com').contentAttributes!.csat_survey_token).not.toBe(token);
  });
});
