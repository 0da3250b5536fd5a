import { checkedEvents, DEFAULT_OPTIONS, mergedOptions } from './board-settings.rules';

describe('kanban configuration rules', () => {
  it('keeps Kanban event names once each and names the others', () => {
    expect(checkedEvents(['kanban.item.created', 'kanban.item.created', 'kanban.item.stage_changed'])).toEqual([
      'kanban.item.created',
      'kanban.item.stage_changed',
    ]);
    expect(() => checkedEvents(['kanban.item.created', 'conversation_created'])).toThrow(
      'Webhook events are not Kanban events: conversation_created',
    );
  });

  it('patches options by type and refuses unknown ones', () => {
    expect(mergedOptions(DEFAULT_OPTIONS, { auto_assignment: true, default_view: 'list' })).toMatchObject({
      auto_assignment: true,
      default_view: 'list',
      title: 'Kanban',
    });
    expect(() => mergedOptions(DEFAULT_OPTIONS, { default_view: 'grid' })).toThrow(
      expect.objectContaining({ attributes: ['config.default_view'] }),
    );
    expect(() => mergedOptions(DEFAULT_OPTIONS, { dragbar_enabled: 'yes' })).toThrow(
      expect.objectContaining({ code: 'KANBAN.CONFIG_INVALID' }),
    );
    expect(() => mergedOptions(DEFAULT_OPTIONS, { colour: 'red' })).toThrow('config.colour is not a Kanban option');
  });
});
