/** Why a request about a contact import failed (a failed job reports its reason in the job instead). */
export const ImportErrors = {
  notFound: 'IMPORT.NOT_FOUND',
} as const;
