/** Failures of activating an invitation. */
export const InvitationErrors = {
  tokenInvalid: 'INVITATION.TOKEN_INVALID',
} as const;
