import { AutomationRuleErrors, RULE_ACTION_NAMES } from '@parley/contracts';
import { attachmentIdsOf, checkActions, durationSeconds, referencesNeeded } from './action-params.rules';

const forRules = { allowed: RULE_ACTION_NAMES, code: AutomationRuleErrors.invalidActions };

const refs = {
  agentIds: new Set([7]),
  teamIds: new Set([3]),
  labelTitles: new Set(['vip']),
  attachmentIds: new Set([9]),
};

describe('rule actions', () => {
  it('reads ISO 8601 durations and seconds', () => {
    expect(durationSeconds('P1W')).toBe(7 * 86_400);
    expect(durationSeconds('pt1h30m')).toBe(5400);
    expect(durationSeconds('P1DT2S')).toBe(86_402);
    expect(durationSeconds(60)).toBe(60);
    expect(durationSeconds('90')).toBe(90);
    for (const bad of ['P', 'PT', 'P1', '1W', 'P0D', 0, -5, 1.5, null, 'soon']) expect(durationSeconds(bad)).toBeNull();
  });

  it('asks only for the references the actions name', () => {
    expect(
      referencesNeeded([
        { action_name: 'add_label', action_params: [] },
        { action_name: 'mute_conversation', action_params: [] },
      ]),
    ).toEqual(new Set(['labelTitles']));
    expect(referencesNeeded([{ action_name: 'send_email_to_team', action_params: [] }])).toEqual(new Set(['teamIds']));
  });

  it('collects the attachment ids to ask about, and refuses one messaging does not know', () => {
    const actions = [
      { action_name: 'send_attachment', action_params: [9] },
      { action_name: 'send_attachment', action_params: ['x'] },
    ];
    expect(attachmentIdsOf(actions)).toEqual([9]);
    expect(checkActions([actions[0]], refs, forRules)).toEqual([actions[0]]);
    expect(() => checkActions([{ action_name: 'send_attachment', action_params: [10] }], refs, forRules)).toThrow(
      'Action 1 (send_attachment): action_params must name an attachment of the account',
    );
  });

  it('normalises label titles and keeps other params', () => {
    expect(
      checkActions(
        [
          { action_name: 'add_label', action_params: [' VIP '] },
          { action_name: 'assign_agent', action_params: [7] },
        ],
        refs,
        forRules,
      ),
    ).toEqual([
      { action_name: 'add_label', action_params: ['vip'] },
      { action_name: 'assign_agent', action_params: [7] },
    ]);
  });

  it('refuses names outside the allowed list', () => {
    const attempt = () =>
      checkActions([{ action_name: 'send_webhook_event', action_params: ['https://example.com'] }], refs, {
        allowed: ['add_label'],
        code: 'MACRO.INVALID_ACTIONS',
      });
    expect(attempt).toThrow(
      expect.objectContaining({ code: 'MACRO.INVALID_ACTIONS', attributes: ['actions[0].action_name'] }),
    );
  });
});
