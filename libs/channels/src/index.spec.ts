/** Provider SDKs the library loads at their first use, not when a service starts (docs/performance.md, eleventh pass). */
const LAZY_SDKS = ['grammy', 'imapflow', 'mailparser', 'nodemailer'];

describe('the channels library at start', () => {
  it('loads no provider SDK until a channel of its kind is used', () => {
    jest.isolateModules(() => {
      for (const sdk of LAZY_SDKS)
        jest.doMock(sdk, () => {
          throw new Error(`${sdk} loaded`);
        });
      let library: typeof import('./index') | undefined;
      expect(() => (library = require('./index'))).not.toThrow();
      // The first Telegram failure to judge is such a use: the SDK is loaded then.
      expect(() => library!.telegramFailure(new Error('network down'))).toThrow('grammy loaded');
    });
  });
});
