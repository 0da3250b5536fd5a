import { parseMail } from './captured-mail';

describe('parseMail', () => {
  it('reads subject and a quoted-printable body', () => {
    const raw = [
      'From: Parley <no-reply@parley.invalid>',
      'To: bob@example.com',
      'Subject: =?UTF-8?Q?Convite_para_A=C3=A7=C3=A3o?=',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Hello Bob,',
      'a long line that was wrapped =',
      'here and =C3=A7 done',
    ].join('\r\n');
    expect(parseMail(raw, ['bob@example.com'])).toEqual({
      to: ['bob@example.com'],
      subject: 'Convite para Ação',
      text: 'Hello Bob,\na long line that was wrapped here and ç done',
    });
  });

  it('reads a base64 body and folded headers', () => {
    const raw = [
      'Subject: one',
      ' two',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('token: abc').toString('base64'),
    ].join('\r\n');
    expect(parseMail(raw, [])).toMatchObject({ subject: 'one two', text: 'token: abc' });
  });
});
