import { parse } from 'hono/utils/cookie';
import { SESSION_COOKIE } from './session';

const MARK = `${SESSION_COOKIE}=`;

/**
 * The session token of a Cookie header. The common case — exactly one `session=` in the header, at a cookie's start —
 * is read directly (hono's general parser is a measurable cost on every signed-in request); anything else goes
 * through that parser, so both give the same answer.
 */
export function sessionTokenOf(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  const at = cookieHeader.indexOf(MARK);
  const before = at === 0 ? ';' : cookieHeader[at - 1];
  if (at !== -1 && cookieHeader.indexOf(MARK, at + 1) === -1 && (before === ';' || before === ' ' || before === '\t')) {
    const end = cookieHeader.indexOf(';', at);
    const value = cookieHeader.slice(at + MARK.length, end === -1 ? undefined : end).trim();
    if (/^[a-z2-7]+$/.test(value)) return value;
  }
  return parse(cookieHeader, SESSION_COOKIE)[SESSION_COOKIE];
}
