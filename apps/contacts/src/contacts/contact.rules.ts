import {
  CONTACT_ONLINE_WINDOW_SECONDS,
  ContactErrors,
  E164_PATTERN,
  EMAIL_PATTERN,
  type ContactAvailability,
  type ContactFields,
  type CustomAttributeDefinition,
} from '@parley/contracts';
import { checkHttpUrl, customAttributeProblems } from '@parley/domain-rules';
import { DomainError, isUniqueViolation } from '@parley/service-kit';

export interface ContactValues {
  name?: string | null;
  email?: string | null;
  phoneNumber?: string | null;
  identifier?: string | null;
  avatarUrl?: string | null;
}

/** A blank optional text is "not set": never validated, never colliding with another contact. */
function blankToNull(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** Problems with the fields, as `{field: message}` (empty when valid). */
export function contactFieldProblems(values: ContactValues): Record<string, string> {
  const problems: Record<string, string> = {};
  if (values.email && !EMAIL_PATTERN.test(values.email)) problems.email = 'Email is invalid';
  if (values.phoneNumber && !E164_PATTERN.test(values.phoneNumber))
    problems.phone_number = 'Phone number must be in E.164 format, e.g. +5511999990000';
  if (values.name && values.name.length > 255) problems.name = 'Name is too long (maximum is 255 characters)';
  return problems;
}

/** Normalises the writable scalar fields of a request (only those present). */
export function normaliseContactFields(input: ContactFields): ContactValues {
  const values: ContactValues = {};
  if (input.name !== undefined) values.name = blankToNull(input.name);
  if (input.email !== undefined) values.email = blankToNull(input.email)?.toLowerCase() ?? null;
  if (input.phone_number !== undefined)
    values.phoneNumber = blankToNull(input.phone_number)?.replace(/[\s()-]/g, '') ?? null;
  if (input.identifier !== undefined) values.identifier = blankToNull(input.identifier);
  if (input.avatar_url !== undefined) {
    const avatar = checkHttpUrl(input.avatar_url, 'Avatar URL');
    if ('problem' in avatar) throw new DomainError(ContactErrors.invalidAvatarUrl, avatar.problem, ['avatar_url']);
    values.avatarUrl = avatar.value;
  }
  return values;
}

export function assertValidContact(values: ContactValues): void {
  const problems = contactFieldProblems(values);
  const fields = Object.keys(problems);
  if (fields.length)
    throw new DomainError(ContactErrors.invalidFields, fields.map((field) => problems[field]).join('; '), fields);
}

/** Checks custom attributes against the account's contact attribute definitions, naming each refused one. */
export function assertValidCustomAttributes(
  definitions: CustomAttributeDefinition[],
  attributes: Record<string, unknown>,
): void {
  const problems = customAttributeProblems(definitions, attributes);
  const keys = Object.keys(problems);
  if (keys.length) {
    throw new DomainError(
      ContactErrors.invalidCustomAttributes,
      keys.map((key) => problems[key]).join('; '),
      keys.map((key) => `custom_attributes.${key}`),
    );
  }
}

/** Which uniqueness rule a unique-index violation broke, as the error clients expect. */
export function uniquenessError(constraint: string | undefined): DomainError | null {
  if (constraint === 'contacts_email_key')
    return new DomainError(ContactErrors.emailTaken, 'Email has already been taken', ['email']);
  if (constraint === 'contacts_phone_key')
    return new DomainError(ContactErrors.phoneNumberTaken, 'Phone number has already been taken', ['phone_number']);
  if (constraint === 'contacts_identifier_key')
    return new DomainError(ContactErrors.identifierTaken, 'Identifier has already been taken', ['identifier']);
  return null;
}

/** Turns a unique-index violation into the error clients expect; anything else passes through. */
export function translateConflict(error: unknown): unknown {
  if (!isUniqueViolation(error)) return error;
  const constraint = (error as { driverError?: { constraint?: string } }).driverError?.constraint;
  return uniquenessError(constraint) ?? error;
}

/** A contact is online while a `/cable` socket of it is connected, or while its last activity (a message in one of its conversations) is recent. */
export function contactAvailability(
  lastActivityAt: Date | null,
  now: Date,
  presentUntil: Date | null = null,
): ContactAvailability {
  if (presentUntil && presentUntil.getTime() > now.getTime()) return 'online';
  return lastActivityAt !== null && now.getTime() - lastActivityAt.getTime() <= CONTACT_ONLINE_WINDOW_SECONDS * 1000
    ? 'online'
    : 'offline';
}
