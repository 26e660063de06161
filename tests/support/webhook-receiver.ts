// A webhook receiver on 127.0.0.1 for the tests that watch deliveries arrive (tests/integration/webhooks.test.ts and
// the browser and process tests): it keeps each request's headers and body and answers the status it is told to.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: Record<string, string>;
  body: string;
  /** The status this request was answered with ('hang': none, it was left open). */
  answered: number | 'hang';
}

export interface WebhookReceiver {
  /** Every request so far, in order (empty it with `received.length = 0`). */
  readonly received: Received[];
  /** The next requests are answered with `next`, one each ('hang': never answered), and those after with `then`. */
  answer(next: (number | 'hang')[], then?: number | 'hang'): void;
  /** Drops the requests left hanging, as a receiver that goes away would: their senders see the connection close. */
  hangUp(): void;
  /** Listens on a free port; resolves with the address to subscribe (…/hook). */
  listen(): Promise<string>;
  /** Drops any request left hanging and stops listening. */
  close(): Promise<void>;
}

/** A receiver answering 200 until told otherwise. */
export function webhookReceiver(): WebhookReceiver {
  const received: Received[] = [];
  let answers: (number | 'hang')[] = [];
  let otherwise: number | 'hang' = 200;
  const hanging: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const answer = answers.shift() ?? otherwise;
      received.push({ headers: req.headers as Record<string, string>, body, answered: answer });
      if (answer === 'hang') hanging.push(res);
      else res.writeHead(answer).end('ok');
    });
  });
  const hangUp = () => {
    for (const r of hanging.splice(0)) r.destroy();
  };
  return {
    received,
    answer(next, then = 200) {
      answers = next;
      otherwise = then;
    },
    hangUp,
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        hangUp();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
