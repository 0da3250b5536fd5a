import { contactFieldProblems, normaliseContactFields, uniquenessError } from './contact-rules';

describe('contact rules', () => {
  it('turns blank optional fields into "not set" and normalises the rest', () => {
    expect(normaliseContactFields({ name: '  Ana  ', email: ' Ana@Example.COM ', phone_number: '+55 (11) 99999-0000', identifier: '   ' })).toEqual({
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
    expect(uniquenessError('contacts_email_key')).toMatchObject({ code: 'LEGACY.VALIDATION', attributes: ['email'], message: 'Email has already been taken' });
    expect(uniquenessError('contacts_phone_key')?.attributes).toEqual(['phone_number']);
    expect(uniquenessError('something_else')).toBeNull();
  });
});
