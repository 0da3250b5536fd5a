export const TeamErrors = {
  notFound: 'TEAM.NOT_FOUND',
  nameBlank: 'TEAM.NAME_BLANK',
  nameTaken: 'TEAM.NAME_TAKEN',
} as const;
