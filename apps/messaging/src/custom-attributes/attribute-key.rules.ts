import { CustomAttributeErrors } from '@parley/contracts';
import { DomainError } from '@parley/service-kit';

const KEY_PATTERN = /^[a-z0-9_]+$/;

/** `Customer Tier (2024)` → `customer_tier_2024`: accents dropped, anything else becomes `_`. */
export function slugifyAttributeKey(displayName: string): string {
  return displayName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** The key given, or the slug of the display name when none is. */
export function attributeKeyFor(given: string | null | undefined, displayName: string): string {
  const key = given?.trim() ? given.trim() : slugifyAttributeKey(displayName);
  if (!key)
    throw new DomainError(
      CustomAttributeErrors.keyUnderivable,
      'Attribute key could not be made from the display name: give attribute_key',
      ['attribute_key'],
    );
  if (!KEY_PATTERN.test(key)) {
    throw new DomainError(
      CustomAttributeErrors.keyInvalid,
      'Attribute key may contain only lower-case letters, digits and underscores',
      ['attribute_key'],
    );
  }
  return key;
}
