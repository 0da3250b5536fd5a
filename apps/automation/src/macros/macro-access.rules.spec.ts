import { assertCanEdit, assertCanUse } from './macro-access.rules';

const admin = { user_id: 1, role: 'administrator' as const };
const agent = { user_id: 2, role: 'agent' as const };

describe('macro access', () => {
  it('lets everyone use a global macro and only administrators edit it', () => {
    const global = { visibility: 'global' as const, created_by: 1 };
    expect(() => assertCanUse(agent, global)).not.toThrow();
    expect(() => assertCanEdit(admin, global)).not.toThrow();
    expect(() => assertCanEdit(agent, global)).toThrow(expect.objectContaining({ code: 'MACRO.ACCESS_DENIED' }));
  });

  it('keeps a personal macro to its creator, administrators included', () => {
    const personal = { visibility: 'personal' as const, created_by: 2 };
    expect(() => assertCanEdit(agent, personal)).not.toThrow();
    expect(() => assertCanUse(admin, personal)).toThrow('This personal macro belongs to another agent');
    expect(() => assertCanEdit(admin, personal)).toThrow(expect.objectContaining({ code: 'MACRO.ACCESS_DENIED' }));
  });
});
