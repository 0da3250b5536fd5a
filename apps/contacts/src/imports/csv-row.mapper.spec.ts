import { contactFieldsFromRow } from './csv-row.mapper';

describe('contactFieldsFromRow', () => {
  it('maps the contract columns, attribute prefixes and typed values', () => {
    expect(
      contactFieldsFromRow({
        name: 'Ana',
        email: 'ana@example.com',
        phone_number: '+5511999990000',
        identifier: 'crm-1',
        additional_attributes_city: 'São Paulo',
        custom_attributes_vip: 'true',
        custom_attributes_score: '42',
        custom_attributes_plan: 'gold',
        ignored_column: 'x',
      }),
    ).toEqual({
      name: 'Ana',
      email: 'ana@example.com',
      phone_number: '+5511999990000',
      identifier: 'crm-1',
      additional_attributes: { city: 'São Paulo' },
      custom_attributes: { vip: true, score: 42, plan: 'gold' },
    });
  });

  it('tolerates header case and spaces, and skips empty attribute cells', () => {
    expect(contactFieldsFromRow({ ' Name ': 'Bo', CUSTOM_ATTRIBUTES_TIER: '', email: '' })).toEqual({
      name: 'Bo',
      email: '',
    });
  });
});
