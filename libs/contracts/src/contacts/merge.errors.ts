/** Why merging two contacts was refused (a taken e-mail, phone or identifier answers the contact's code). */
export const MergeErrors = {
  intoItself: 'MERGE.INTO_ITSELF',
  /** The base or the mergee is not a contact of the account (`attributes` names which). */
  contactMissing: 'MERGE.CONTACT_MISSING',
} as const;
