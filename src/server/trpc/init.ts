import { initTRPC } from '@trpc/server';
import type { Session, SessionUser } from '../auth/session';
import { apiKeyMessages } from '../../shared/schemas/api-keys';
import { ForbiddenError, UnauthorizedError } from '../errors';
import type { Context } from './context';
import { domainTRPCError, inputIssuesOf, publicMessageOf } from './errors';

/**
 * Who may call a procedure, set by the base procedure it is built from (publicProcedure, protectedProcedure,
 * adminProcedure), and which API keys it answers beyond the scope rule below: `none`, a session only (managing
 * keys); `write`, no read key (what hands out a live share link). docs/API.md "API keys". The API description reads
 * both (src/server/openapi/document.ts).
 */
export interface ProcedureMeta {
  access?: Access;
  keys?: 'none' | 'write';
}

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    // Never send stack traces to a client.
    isDev: false,
    errorFormatter({ shape, error }) {
      return {
        ...shape,
        message: publicMessageOf(error),
        data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, issues: inputIssuesOf(error) },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** What a procedure call is, for those who watch every call pass (tests/integration/one-door.test.ts). */
export interface ProcedureCall {
  path: string;
  type: 'query' | 'mutation' | 'subscription';
}

const procedureWatchers = new Set<(call: ProcedureCall) => void>();

/**
 * Calls `watcher` on every procedure call, before its input is parsed, until the returned function is called. It sits
 * in the base procedure every procedure is built from, so it sees exactly what a rule added there would see.
 */
export function watchProcedureCalls(watcher: (call: ProcedureCall) => void): () => void {
  procedureWatchers.add(watcher);
  return () => procedureWatchers.delete(watcher);
}

/** The three access levels below, as the API description names them. */
export type Access = 'public' | 'signedIn' | 'admin';

export const BAD_API_KEY = 'The API key is not valid';
export const READ_ONLY_KEY = 'This API key may only read';

/**
 * The access rules, in one place. Whatever is called: a request signed with an unknown or revoked API key is a 401, a
 * read key may call no mutation (every change of data is one). Then the level: 401 signed out, 403 signed in but not
 * an admin; then the procedure's own key rule (ProcedureMeta), a 403. Only then a REST adapter's unreadable id or body
 * (rest/kit.ts refuseInput): signed out is a 401 whatever is sent.
 */
function refusalOf(ctx: Context, type: ProcedureCall['type'], meta: ProcedureMeta | undefined): Error | undefined {
  const access = meta?.access ?? 'admin';
  if (ctx.badApiKey) return new UnauthorizedError(BAD_API_KEY);
  if (ctx.apiKey?.scope === 'read' && type !== 'query') return new ForbiddenError(READ_ONLY_KEY);
  if (access !== 'public') {
    if (!ctx.user || !ctx.session) return new UnauthorizedError('Not authenticated');
    if (access === 'admin' && !ctx.user.isAdmin) return new ForbiddenError('Admin privileges required');
  }
  if (ctx.apiKey && meta?.keys === 'none') return new ForbiddenError(apiKeyMessages.sessionOnly);
  if (ctx.apiKey?.scope === 'read' && meta?.keys === 'write') return new ForbiddenError(apiKeyMessages.liveLinkNeedsWrite);
  return ctx.inputRefusal;
}

/** The signed-in levels' context: refusalOf has already answered a call without user or session. */
function signedIn({ user, session }: Context): { user: SessionUser; session: Session } {
  if (!user || !session) throw new UnauthorizedError('Not authenticated');
  return { user, session };
}

/**
 * The one middleware every procedure is built with, so a rule added here holds for every call of both doors: the
 * watchers, the access rules (refusalOf), and the domain's errors (src/server/errors.ts) turned into their tRPC codes
 * for whatever below threw them. One layer per call: tRPC copies the context and its options for every layer
 * (docs/DECISIONS.md "Speed inside the one door").
 */
async function settled<R extends { ok: boolean; error?: unknown }>(
  { ctx, path, type, meta }: { ctx: Context; path: string; type: ProcedureCall['type']; meta?: ProcedureMeta },
  proceed: () => Promise<R>,
): Promise<R> {
  if (procedureWatchers.size > 0) for (const watch of procedureWatchers) watch({ path, type });
  const refusal = refusalOf(ctx, type, meta);
  if (refusal) throw domainTRPCError(refusal) ?? refusal;
  const result = await proceed();
  if (!result.ok) {
    const mapped = domainTRPCError(result.error);
    if (mapped) throw mapped;
  }
  return result;
}

export const publicProcedure = t.procedure.meta({ access: 'public' }).use((opts) => settled(opts, () => opts.next()));
export const protectedProcedure = t.procedure.meta({ access: 'signedIn' }).use((opts) => settled(opts, () => opts.next({ ctx: signedIn(opts.ctx) })));
export const adminProcedure = t.procedure.meta({ access: 'admin' }).use((opts) => settled(opts, () => opts.next({ ctx: signedIn(opts.ctx) })));
