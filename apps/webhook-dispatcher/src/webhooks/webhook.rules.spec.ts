import { normaliseSubscriptions } from './webhook.rules';

describe('webhook subscriptions', () => {
  it('keeps known names once, in order', () => {
    expect(normaliseSubscriptions(['message_created', 'conversation_created', 'message_created'])).toEqual([
      'message_created',
      'conversation_created',
    ]);
  });

  it('accepts every name of the contract, Kanban and widget ones included', () => {
    const all = [
      'conversation_typing_off',
      'webwidget_triggered',
      'kanban.item.created',
      'kanban.item.updated',
      'kanban.item.stage_changed',
      'kanban.item.status_changed',
    ];
    expect(normaliseSubscriptions(all)).toEqual(all);
  });

  it('refuses an empty list', () => {
    const attempt = () => normaliseSubscriptions([]);
    expect(attempt).toThrow("Subscriptions can't be empty");
    expect(attempt).toThrow(
      expect.objectContaining({ code: 'WEBHOOK.SUBSCRIPTIONS_EMPTY', attributes: ['subscriptions'] }),
    );
  });

  it('names each unknown event', () => {
    const attempt = () => normaliseSubscriptions(['message_created', 'conversation_opened', 'nope']);
    expect(attempt).toThrow('Subscriptions contain unknown events: conversation_opened, nope');
    expect(attempt).toThrow(expect.objectContaining({ code: 'WEBHOOK.UNKNOWN_EVENTS', attributes: ['subscriptions'] }));
  });
});
