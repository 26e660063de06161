// A mail server on 127.0.0.1 for the tests of delivery through SMTP (tests/integration/owed-mail.test.ts): it speaks
// as much SMTP as nodemailer uses, keeps each message it accepts, and can be down (every connection answered
// "421 Service not available" and closed), as a mail server in an outage is, or hang (never answer).
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface SmtpReceiver {
  /** The SMTP_URL to send through. */
  readonly url: string;
  /** Every message accepted so far, as sent, in order. */
  readonly received: string[];
  /** Down (true) refuses every connection with a 421 until set up again (false). */
  down(value: boolean): void;
  /** Hanging (true): connections are taken and never answered, as by a server that stopped mid-conversation. */
  hang(value: boolean): void;
  /** The accepted messages, parsed. */
  parsed(): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

export async function smtpReceiver(): Promise<SmtpReceiver> {
  const received: string[] = [];
  const sockets = new Set<net.Socket>();
  let isDown = false;
  let hanging = false;
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (isDown) {
      socket.end('421 localhost Service not available\r\n');
      return;
    }
    if (hanging) return;
    socket.write('220 localhost ESMTP test\r\n');
    let buffer = '';
    let data: string[] | null = null;
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line === '.') {
            received.push(data.join('\r\n'));
            data = null;
            socket.write('250 OK queued\r\n');
          } else data.push(line.startsWith('..') ? line.slice(1) : line);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 localhost\r\n');
        else if (verb === 'DATA') {
          data = [];
          socket.write('354 End data with <CR><LF>.<CR><LF>\r\n');
        } else if (verb === 'QUIT') socket.end('221 Bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    down(value) {
      isDown = value;
    },
    hang(value) {
      hanging = value;
    },
    parsed: () => Promise.all(received.map((m) => simpleParser(m))),
    close() {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
