import { previousWindow } from './report-window.rules';

describe('previousWindow', () => {
  it('is as long as the window and ends where it starts', () => {
    expect(previousWindow({ since: 1_000, until: 1_600 })).toEqual({ since: 400, until: 1_000 });
  });

  it('stops at the epoch', () => {
    expect(previousWindow({ since: 100, until: 1_000 })).toEqual({ since: 0, until: 100 });
  });
});
