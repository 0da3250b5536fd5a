import { markedMessageId, sendMarker } from './send-marker';

describe('send marker', () => {
  it("reads back Parley's own mark and nothing else", () => {
    expect(markedMessageId(sendMarker(42))).toBe(42);
    expect(markedMessageId('parley:message:abc')).toBeUndefined();
    expect(markedMessageId('campaign-7')).toBeUndefined();
    expect(markedMessageId(undefined)).toBeUndefined();
  });
});
