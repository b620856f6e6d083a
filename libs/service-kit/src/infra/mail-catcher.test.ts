import { createServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import nodemailer from 'nodemailer';
import { afterEach, describe, expect, it } from 'vitest';
import { startMailCatcher, type MailCatcher } from './mail-catcher';

let catcher: MailCatcher | undefined;
afterEach(async () => {
  await catcher?.stop();
  catcher = undefined;
});

async function send(
  smtpUrl: string,
  message: { to: string; subject: string; text: string; html?: string; messageId?: string; attachments?: Array<{ filename: string; content: string; contentType: string }> },
) {
  const transport = nodemailer.createTransport(smtpUrl);
  await transport.sendMail({ from: 'CarDirect <noreply@cardirect.local>', ...message });
  transport.close();
}

describe('startMailCatcher', () => {
  it('When an e-mail is sent to it, then a test can wait for it and read it', async () => {
    catcher = await startMailCatcher();

    await send(catcher.smtpUrl, { to: 'seller@example.com', subject: 'Your code', text: 'Code: 123456', html: '<p>Code: <b>123456</b></p>', messageId: '<code-1@notifier.cardirect>' });
    const mail = await catcher.waitFor((candidate) => candidate.to.includes('seller@example.com'));

    expect(mail).toMatchObject({ from: 'noreply@cardirect.local', to: ['seller@example.com'], subject: 'Your code', messageId: '<code-1@notifier.cardirect>' });
    expect(mail.text).toContain('123456');
    expect(mail.html).toContain('<b>123456</b>');
  });

  it('When senders reset their connections mid-transaction (a killed notifier and its SMTP pool), then the catcher stays up and takes the next e-mail', async () => {
    catcher = await startMailCatcher();
    const smtpPort = catcher.port;
    const resetInTransaction = async () => {
      const socket = connect(smtpPort, '127.0.0.1');
      const reply = () => new Promise<void>((resolve) => socket.once('data', () => resolve()));
      await reply();
      // smtp-server passes a reset on only inside a transaction (after MAIL FROM).
      for (const command of ['EHLO killed.example', 'MAIL FROM:<notifier@cardirect.local>']) {
        socket.write(`${command}\r\n`);
        await reply();
      }
      socket.resetAndDestroy();
      await new Promise((resolve) => setTimeout(resolve, 100));
    };

    // Two of them: the pool holds several connections, and one error was once swallowed by listen's own listener.
    await resetInTransaction();
    await resetInTransaction();
    await send(catcher.smtpUrl, { to: 'after@example.com', subject: 'After the reset', text: 'still here' });

    expect((await catcher.waitFor((mail) => mail.to.includes('after@example.com'))).subject).toBe('After the reset');
  });

  it('When nothing matching arrives in time, then waitFor rejects', async () => {
    catcher = await startMailCatcher();

    await expect(catcher.waitFor(() => true, 100)).rejects.toThrow(/No matching e-mail/);
  });

  it('When cleared, then earlier messages are gone', async () => {
    catcher = await startMailCatcher();
    await send(catcher.smtpUrl, { to: 'a@example.com', subject: 'One', text: 'one' });

    catcher.clear();

    expect(catcher.messages()).toEqual([]);
  });

  it('When served over HTTP, then the inbox lists messages and shows one as HTML', async () => {
    catcher = await startMailCatcher();
    await send(catcher.smtpUrl, { to: 'dealer@example.com', subject: 'Approved', text: 'ok', html: '<h1>Approved</h1>' });
    const handler = catcher.httpHandler;
    const server = createServer((req, res) => handler(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const list = (await (await fetch(`${base}/messages`)).json()) as Array<{ id: string; subject: string }>;
    const html = await (await fetch(`${base}/messages/${list[0].id}/html`)).text();
    const missing = await fetch(`${base}/messages/unknown/html`);
    const malformed = await fetch(`${base}/messages/%E0%A4%A/html`);
    const inboxRoot = (await (await fetch(`${base}/`)).json()) as Array<{ subject: string }>;
    server.close();

    expect(list.map((mail) => mail.subject)).toEqual(['Approved']);
    expect(html).toContain('<h1>Approved</h1>');
    expect(missing.status).toBe(404);
    expect(malformed.status).toBe(404);
    expect(inboxRoot.map((mail) => mail.subject)).toEqual(['Approved']);
  });

  it('When an e-mail carries files, then a test reads their bytes and the inbox lists them and serves each', async () => {
    catcher = await startMailCatcher();
    const invitation = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';
    await send(catcher.smtpUrl, {
      to: 'seller@example.com',
      subject: 'Booked',
      text: 'See the invitation',
      attachments: [{ filename: 'appointment.ics', content: invitation, contentType: 'text/calendar' }],
    });
    const mail = await catcher.waitFor((candidate) => candidate.subject === 'Booked');
    const server = createServer((req, res) => catcher!.httpHandler(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const [listed] = (await (await fetch(`${base}/messages`)).json()) as Array<{ attachments: Array<{ filename: string; url: string; content?: unknown }> }>;
    const served = await fetch(`${base}/${listed.attachments[0].url}`);
    const servedText = await served.text();
    const missing = await fetch(`${base}/messages/${mail.id}/attachments/7`);
    server.close();

    expect(mail.attachments.map((file) => [file.filename, file.contentType, file.content.toString('utf8')])).toEqual([['appointment.ics', 'text/calendar', invitation]]);
    expect(listed.attachments[0]).toMatchObject({ filename: 'appointment.ics' });
    expect(listed.attachments[0].content).toBeUndefined();
    expect(served.headers.get('content-type')).toContain('text/calendar');
    expect(servedText).toBe(invitation);
    expect(missing.status).toBe(404);
  });
});
