import { DovecotServer, eventually } from '@parley/testing';
import { simpleParser } from 'mailparser';
import type { ImapMailboxState } from './imap-mailbox-state';
import { ImapPoller, type ImapPollerOptions } from './imap-poller';

const mail = (n: number, size = 0) =>
  `From: bob@example.net\r\nTo: help@acme.test\r\nSubject: mail ${n}\r\nMessage-ID: <m${n}@example.net>\r\n\r\nHello ${n}${'x'.repeat(size)}\r\n`;

describe('ImapPoller against a real IMAP server (Dovecot)', () => {
  let dovecot: DovecotServer;
  let state: ImapMailboxState | null;
  let subjects: string[];
  let loginFailures: string[];
  let errors: Error[];
  let poller: ImapPoller | null;

  beforeAll(async () => {
    dovecot = await DovecotServer.start();
  });
  afterAll(async () => dovecot.stop());
  beforeEach(() => {
    dovecot.recreateMailbox(1000 + Math.floor(Math.random() * 1_000_000));
    state = null;
    subjects = [];
    loginFailures = [];
    errors = [];
    poller = null;
  });
  afterEach(async () => poller?.stop());

  function pollerFor(overrides: Partial<ImapPollerOptions> = {}): ImapPoller {
    poller = new ImapPoller({
      connection: {
        host: '127.0.0.1',
        port: dovecot.port,
        secure: false,
        user: dovecot.user,
        password: dovecot.password,
      },
      state: { load: async () => state, save: async (next) => void (state = next) },
      onEmail: async (raw) => void subjects.push((await simpleParser(raw)).subject ?? ''),
      onLoginFailure: (reason) => loginFailures.push(reason),
      onError: (error) => errors.push(error),
      maxMessageBytes: 10_000,
      ...overrides,
    });
    return poller;
  }

  it('ingests each mail once, resuming after the last UID across pollers', async () => {
    dovecot.deliver(mail(1));
    dovecot.deliver(mail(2));
    expect(await pollerFor().syncOnce()).toBe(2);
    expect(subjects).toEqual(['mail 1', 'mail 2']);
    expect(state?.lastUid).toBe(2);
    await poller!.stop();

    dovecot.deliver(mail(3));
    // A new poller (a restart, another replica) starts from the stored state.
    expect(await pollerFor().syncOnce()).toBe(1);
    expect(await poller!.syncOnce()).toBe(0);
    expect(subjects).toEqual(['mail 1', 'mail 2', 'mail 3']);
  });

  it('starts again from the first mail when UIDVALIDITY changed', async () => {
    dovecot.deliver(mail(1));
    await pollerFor().syncOnce();
    const before = state!;
    await poller!.stop();

    dovecot.recreateMailbox(Number(before.uidValidity) + 1);
    dovecot.deliver(mail(9));
    expect(await pollerFor().syncOnce()).toBe(1);
    expect(subjects).toEqual(['mail 1', 'mail 9']);
    expect(state).toEqual({ uidValidity: String(Number(before.uidValidity) + 1), lastUid: 1 });
  });

  it('wakes on new mail through IDLE, long before its poll interval', async () => {
    pollerFor({ pollIntervalMs: 120_000 }).start();
    await eventually(() => expect(state).not.toBeNull(), { description: 'first check' });
    dovecot.deliver(mail(5));
    // The poll interval is 2 minutes: only IDLE brings it in within the bound.
    await eventually(() => expect(subjects).toEqual(['mail 5']), {
      timeoutMs: 20_000,
      description: 'mail ingested through IDLE',
    });
  }, 30_000);

  it('skips a mail over the size limit and goes on', async () => {
    dovecot.deliver(mail(1, 20_000));
    dovecot.deliver(mail(2));
    expect(await pollerFor().syncOnce()).toBe(2);
    expect(subjects).toEqual(['mail 2']);
    expect(errors.map((error) => error.message)).toEqual([expect.stringMatching(/^IMAP mail 1 of \d+ bytes skipped/)]);
  });

  it('keeps polling one inbox while another one cannot log in', async () => {
    const refusedReasons: string[] = [];
    const refused = new ImapPoller({
      connection: { host: '127.0.0.1', port: dovecot.port, secure: false, user: dovecot.user, password: 'wrong' },
      state: { load: async () => null, save: async () => undefined },
      onEmail: async () => undefined,
      onLoginFailure: (reason) => refusedReasons.push(reason),
      maxMessageBytes: 10_000,
    });
    refused.start();
    try {
      pollerFor({ pollIntervalMs: 120_000 }).start();
      await eventually(() => expect(refusedReasons).toHaveLength(1), { description: 'login failure reported' });
      dovecot.deliver(mail(7));
      await eventually(() => expect(subjects).toEqual(['mail 7']), {
        timeoutMs: 20_000,
        description: 'the healthy inbox ingests',
      });
    } finally {
      await refused.stop();
    }
  }, 30_000);

  it('reports a refused login and fetches nothing', async () => {
    const refused = pollerFor({
      connection: { host: '127.0.0.1', port: dovecot.port, secure: false, user: dovecot.user, password: 'wrong' },
    });
    dovecot.deliver(mail(1));
    await expect(refused.syncOnce()).rejects.toThrow('Authentication failed');
    expect(loginFailures).toEqual([expect.stringContaining('Authentication failed')]);
    expect(subjects).toEqual([]);
  });
});
