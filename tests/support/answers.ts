// Answers reduced to what must be equal, byte for byte, when two apps (or an app and a fast lane) answer the same
// request: status, body text and every header.

export interface Answer {
  status: number;
  text: string;
  /** Every header, sorted (Set-Cookie lines one by one); a Date header, if any, left out. */
  headers: [string, string][];
}

export async function answerOf(res: Response): Promise<Answer> {
  const headers = [...res.headers]
    .filter(([name]) => name !== 'date')
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1));
  return { status: res.status, text: await res.text(), headers };
}

/** The values of one header, in order (one a Set-Cookie line). */
export const header = (answer: Answer, name: string) => answer.headers.filter(([n]) => n === name).map(([, v]) => v);
