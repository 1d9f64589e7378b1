/**
 * The SMTP server the browser tests' site sends its mail to, so a test receives the
 * activation or reset mail the way a member would. It keeps every mail in memory and
 * lists them, parsed, over HTTP: GET /messages?to={address}.
 */
import http from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const SMTP_PORT = Number(process.env.MAIL_SINK_SMTP_PORT ?? 3125);
const HTTP_PORT = Number(process.env.MAIL_SINK_HTTP_PORT ?? 3126);
const messages = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        messages.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          html: typeof mail.html === 'string' ? mail.html : '',
        });
        callback();
      })
      .catch(callback);
  },
});
smtp.listen(SMTP_PORT, '127.0.0.1');

http
  .createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const to = url.searchParams.get('to')?.toLowerCase();
    const found = url.pathname === '/messages' ? messages.filter((mail) => !to || mail.to.includes(to)) : [];
    response.writeHead(url.pathname === '/messages' || url.pathname === '/' ? 200 : 404, {
      'content-type': 'application/json',
    });
    response.end(JSON.stringify(found));
  })
  .listen(HTTP_PORT, '127.0.0.1');
