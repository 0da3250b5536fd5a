/** Why a rating was refused. */
export const CsatErrors = {
  /** No survey with that token (or not yet known: the contact may retry). */
  surveyNotFound: 'CSAT.SURVEY_NOT_FOUND',
  invalidRating: 'CSAT.INVALID_RATING',
} as const;
