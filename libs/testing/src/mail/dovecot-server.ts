import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, chownSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { eventually } from '../eventually';
import { freePort } from '../environment/free-port';

const DOVECOT_BINARIES = ['/usr/sbin/dovecot', '/usr/local/sbin/dovecot'];

/** As root, mail processes run as nobody (Dovecot refuses uid 0); otherwise as the current user. */
function identities(): { mailUid: number; mailGid: number; loginUser: string; internalUser: string } {
  const me = userInfo();
  return me.uid === 0
    ? { mailUid: 65534, mailGid: 65534, loginUser: 'dovenull', internalUser: 'dovecot' }
    : { mailUid: me.uid, mailGid: me.gid, loginUser: me.username, internalUser: me.username };
}

function greets(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('data', (data) => {
      socket.destroy();
      return data.toString().startsWith('* OK')
        ? resolve()
        : reject(new Error(`unexpected greeting ${data.toString()}`));
    });
    socket.once('error', reject);
  });
}

/**
 * A throw-away Dovecot IMAP server for tests (Debian's `dovecot-imapd`): its own config in a
 * temp directory, plaintext login on loopback, one passwd-file user, a Maildir that `deliver`
 * fills by writing files.
 */
export class DovecotServer {
  /** Maildir file names sort in delivery order, so UIDs follow it. */
  private delivered = 0;

  private constructor(
    private readonly dir: string,
    private readonly process: ChildProcess,
    readonly port: number,
    readonly user: string,
    readonly password: string,
  ) {}

  static installed(): boolean {
    return DOVECOT_BINARIES.some((path) => existsSync(path));
  }

  static async start(): Promise<DovecotServer> {
    const binary = DOVECOT_BINARIES.find((path) => existsSync(path));
    if (!binary) throw new Error('Dovecot is not installed: apt-get install dovecot-imapd (.ci/run does it)');
    const ids = identities();
    const dir = mkdtempSync(join(tmpdir(), 'parley-dovecot-'));
    chmodSync(dir, 0o755);
    const user = 'parley';
    const password = `pw-${Math.random().toString(36).slice(2)}`;
    const port = await freePort();
    for (const sub of ['run', 'state', 'mail']) mkdirSync(join(dir, sub));
    writeFileSync(join(dir, 'passwd'), `${user}:{PLAIN}${password}::::::\n`);
    writeFileSync(
      join(dir, 'dovecot.conf'),
      [
        `base_dir = ${dir}/run`,
        `state_dir = ${dir}/state`,
        `log_path = ${dir}/dovecot.log`,
        'protocols = imap',
        'listen = 127.0.0.1',
        'ssl = no',
        'disable_plaintext_auth = no',
        'auth_mechanisms = plain login',
        'auth_failure_delay = 0',
        `default_login_user = ${ids.loginUser}`,
        `default_internal_user = ${ids.internalUser}`,
        'first_valid_uid = 1',
        `mail_location = maildir:${dir}/mail/%u`,
        `passdb {\n  driver = passwd-file\n  args = scheme=PLAIN username_format=%u ${dir}/passwd\n}`,
        `userdb {\n  driver = static\n  args = uid=${ids.mailUid} gid=${ids.mailGid} home=${dir}/mail/%u\n}`,
        `service imap-login {\n  chroot =\n  inet_listener imap {\n    address = 127.0.0.1\n    port = ${port}\n  }\n  inet_listener imaps {\n    port = 0\n  }\n}`,
        'service anvil {\n  chroot =\n}',
        '',
      ].join('\n'),
    );
    const server = new DovecotServer(
      dir,
      spawn(binary, ['-F', '-c', join(dir, 'dovecot.conf')], { stdio: 'ignore' }),
      port,
      user,
      password,
    );
    server.ensureMaildir();
    await eventually(() => greets(port), { timeoutMs: 15_000, description: 'Dovecot answering' });
    return server;
  }

  /** Puts a raw e-mail into the user's INBOX, as a local delivery agent would. */
  deliver(raw: string | Buffer): void {
    const ids = identities();
    const name = `${Date.now()}.M${String(++this.delivered).padStart(8, '0')}.parley-test`;
    const staged = join(this.maildir, 'tmp', name);
    writeFileSync(staged, raw);
    chownSync(staged, ids.mailUid, ids.mailGid);
    renameSync(staged, join(this.maildir, 'new', name));
  }

  /** Wipes the mailbox and starts it again under the given UIDVALIDITY (its UIDs restart at 1). */
  recreateMailbox(uidValidity: number): void {
    rmSync(this.maildir, { recursive: true, force: true });
    this.ensureMaildir();
    const uidList = join(this.maildir, 'dovecot-uidlist');
    writeFileSync(uidList, `3 V${uidValidity} N1\n`);
    const ids = identities();
    chownSync(uidList, ids.mailUid, ids.mailGid);
  }

  async stop(): Promise<void> {
    if (this.process.exitCode === null) {
      const exited = new Promise((resolve) => this.process.once('exit', resolve));
      this.process.kill('SIGTERM');
      await exited;
    }
    rmSync(this.dir, { recursive: true, force: true });
  }

  private get maildir(): string {
    return join(this.dir, 'mail', this.user);
  }

  private ensureMaildir(): void {
    const ids = identities();
    for (const path of [
      join(this.dir, 'mail'),
      this.maildir,
      ...['cur', 'new', 'tmp'].map((sub) => join(this.maildir, sub)),
    ]) {
      mkdirSync(path, { recursive: true });
      chownSync(path, ids.mailUid, ids.mailGid);
    }
  }
}
