import { assertDeletable, assertEditable, initialStatus, paused, resumed, scheduledTime } from './campaign-state.rules';

const now = new Date('2026-01-01T12:00:00Z');
const later = new Date('2026-01-01T13:00:00Z');
const earlier = new Date('2026-01-01T11:00:00Z');

describe('campaign states', () => {
  it('starts in draft, enabled, scheduled or running', () => {
    expect(initialStatus('one_off', true, later, now)).toBe('draft');
    expect(initialStatus('ongoing', false, null, now)).toBe('enabled');
    expect(initialStatus('one_off', false, later, now)).toBe('scheduled');
    expect(initialStatus('one_off', false, earlier, now)).toBe('running');
    expect(initialStatus('one_off', false, null, now)).toBe('running');
  });

  it('pauses campaigns in progress and resumes them where they were', () => {
    expect(paused('running')).toEqual({ status: 'paused', pausedFrom: 'running' });
    expect(() => paused('draft')).toThrow(expect.objectContaining({ code: 'CAMPAIGN.NOT_PAUSABLE' }));
    expect(() => paused('completed')).toThrow(expect.objectContaining({ code: 'CAMPAIGN.NOT_PAUSABLE' }));
    expect(resumed('paused', 'enabled', 'ongoing', null, now)).toBe('enabled');
    expect(resumed('paused', 'scheduled', 'one_off', later, now)).toBe('scheduled');
    expect(resumed('paused', 'scheduled', 'one_off', earlier, now)).toBe('running');
    expect(resumed('draft', null, 'one_off', later, now)).toBe('scheduled');
    expect(resumed('draft', null, 'ongoing', null, now)).toBe('enabled');
    expect(() => resumed('running', null, 'one_off', null, now)).toThrow(
      expect.objectContaining({ code: 'CAMPAIGN.NOT_RESUMABLE' }),
    );
  });

  it('edits drafts and paused campaigns only, deletes drafts only', () => {
    expect(() => assertEditable('paused')).not.toThrow();
    expect(() => assertEditable('running')).toThrow(expect.objectContaining({ code: 'CAMPAIGN.NOT_EDITABLE' }));
    expect(() => assertDeletable('draft')).not.toThrow();
    expect(() => assertDeletable('paused')).toThrow(expect.objectContaining({ code: 'CAMPAIGN.NOT_DELETABLE' }));
  });

  it('reads scheduled_at as ISO 8601 only', () => {
    expect(scheduledTime('2026-05-01T10:00:00Z')?.toISOString()).toBe('2026-05-01T10:00:00.000Z');
    expect(scheduledTime('2026-05-01T10:00:00+02:00')?.toISOString()).toBe('2026-05-01T08:00:00.000Z');
    expect(scheduledTime(null)).toBeNull();
    expect(() => scheduledTime('tomorrow')).toThrow(
      expect.objectContaining({ code: 'CAMPAIGN.SCHEDULED_AT_INVALID', attributes: ['scheduled_at'] }),
    );
    expect(() => scheduledTime('2026-13-45T10:00:00Z')).toThrow(
      expect.objectContaining({ code: 'CAMPAIGN.SCHEDULED_AT_INVALID' }),
    );
  });
});
