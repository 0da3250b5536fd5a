import {
  assertValidContact,
  contactAvailability,
  contactFieldProblems,
  normaliseContactFields,
  translateConflict,
  uniquenessError,
} from './contact.rules';

describe('contact rules', () => {
  it('counts a contact online for five minutes after its last activity', () => {
    const now = new Date('2024-05-01T12:00:00Z');
    expect(contactAvailability(null, now)).toBe('offline');
    expect(contactAvailability(new Date('2024-05-01T11:55:00Z'), now)).toBe('online');
    expect(contactAvailability(new Date('2024-05-01T11:54:59Z'), now)).toBe('offline');
  });

  it('counts a contact online while a socket of it is connected, whatever its last activity', () => {
    const now = new Date('2024-05-01T12:00:00Z');
    expect(contactAvailability(null, now, new Date('2024-05-01T12:00:01Z'))).toBe('online');
    expect(contactAvailability(null, now, new Date('2024-05-01T12:00:00Z'))).toBe('offline');
    expect(contactAvailability(new Date('2024-05-01T11:59:00Z'), now, new Date('2024-05-01T11:00:00Z'))).toBe('online');
  });

  it('turns blank optional fields into "not set" and normalises the rest', () => {
    expect(
      normaliseContactFields({
        name: '  Ana  ',
        email: ' Ana@Example.COM ',
        phone_number: '+55 (11) 99999-0000',
        identifier: '   ',
      }),
    ).toEqual({
      name: 'Ana',
      email: 'ana@example.com',
      phoneNumber: '+5511999990000',
      identifier: null,
    });
    expect(normaliseContactFields({ email: '' })).toEqual({ email: null });
    expect(normaliseContactFields({})).toEqual({});
  });

  it('refuses malformed e-mails and non-E.164 phone numbers, naming the fields', () => {
    expect(contactFieldProblems({ email: 'not-an-email', phoneNumber: '11999990000' })).toEqual({
      email: 'Email is invalid',
      phone_number: 'Phone number must be in E.164 format, e.g. +5511999990000',
    });
    expect(contactFieldProblems({ email: null, phoneNumber: null })).toEqual({});
    expect(contactFieldProblems({ phoneNumber: '+14155550100' })).toEqual({});
  });

  it('names the field of a uniqueness violation', () => {
    expect(uniquenessError('contacts_email_key')).toMatchObject({
      code: 'CONTACT.EMAIL_TAKEN',
      attributes: ['email'],
      message: 'Email has already been taken',
    });
    expect(uniquenessError('contacts_phone_key')).toMatchObject({
      code: 'CONTACT.PHONE_NUMBER_TAKEN',
      attributes: ['phone_number'],
    });
    expect(uniquenessError('contacts_identifier_key')).toMatchObject({
      code: 'CONTACT.IDENTIFIER_TAKEN',
      attributes: ['identifier'],
    });
    expect(uniquenessError('something_else')).toBeNull();
  });

  it('refuses invalid fields with one code naming every field', () => {
    expect(() => assertValidContact({ email: 'not-an-email', phoneNumber: '123' })).toThrow(
      expect.objectContaining({ code: 'CONTACT.INVALID_FIELDS', attributes: ['email', 'phone_number'] }),
    );
    expect(() => assertValidContact({ email: 'ana@example.com' })).not.toThrow();
  });

  it('turns only unique violations of the contact keys into their errors', () => {
    const violation = (constraint: string) =>
      Object.assign(new Error('duplicate key'), { driverError: { code: '23505', constraint } });
    expect(translateConflict(violation('contacts_identifier_key'))).toMatchObject({ code: 'CONTACT.IDENTIFIER_TAKEN' });
    const other = violation('contact_inboxes_inbox_id_source_id_key');
    expect(translateConflict(other)).toBe(other);
    const failure = new Error('connection lost');
    expect(translateConflict(failure)).toBe(failure);
  });
});
