import { accountStreamKey, parseRoomIdentifier } from './room-identifier';

describe('parseRoomIdentifier', () => {
  it('reads an agent identifier as the dashboard sends it, and a contact one as the widget does', () => {
    expect(parseRoomIdentifier('{"channel":"RoomChannel","pubsub_token":"t1","account_id":1,"user_id":2}')).toEqual({
      channel: 'RoomChannel',
      pubsub_token: 't1',
      account_id: 1,
      user_id: 2,
    });
    expect(parseRoomIdentifier('{"channel":"RoomChannel","pubsub_token":"t2"}')).toEqual({
      channel: 'RoomChannel',
      pubsub_token: 't2',
    });
  });

  it('takes ids written as strings, and treats empty ones as absent', () => {
    expect(parseRoomIdentifier('{"channel":"RoomChannel","pubsub_token":"t","account_id":"3","user_id":null}')).toEqual(
      {
        channel: 'RoomChannel',
        pubsub_token: 't',
        account_id: 3,
      },
    );
  });

  it.each([
    'not json',
    '[]',
    '"RoomChannel"',
    '{"channel":"ChatChannel","pubsub_token":"t"}',
    '{"channel":"RoomChannel"}',
    '{"channel":"RoomChannel","pubsub_token":""}',
    '{"channel":"RoomChannel","pubsub_token":7}',
    '{"channel":"RoomChannel","pubsub_token":"t","user_id":"x"}',
    '{"channel":"RoomChannel","pubsub_token":"t","account_id":-1}',
    '{"channel":"RoomChannel","pubsub_token":"t","account_id":1.5}',
  ])('refuses %s', (raw) => {
    expect(parseRoomIdentifier(raw)).toBeNull();
  });

  it('names the stream of an account', () => {
    expect(accountStreamKey(12)).toBe('account_12');
  });
});
