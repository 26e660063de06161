// The create, update and delete procedures of one kind of catalogue item (package, add-on, category, discount):
// every write recorded with the value before and after, in the write's transaction (services/audit.ts).
import type { z } from 'zod';
import { deletedOutput } from '../../../shared/schemas/answer-fields';
import { idInput } from '../../../shared/schemas/catalog-admin';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { audited } from '../../services/audit';
import { answer } from '../../trpc/answer';
import { adminProcedure } from '../../trpc/init';

interface Writer {
  db: Db;
  clock: Clock;
  user: { id: number };
}

/** An update of item `id` by `change`, recorded as the item before and after. */
export function auditedUpdate<O extends { id: number }>(ctx: Writer, entity: string, id: number, get: () => O | null, change: () => O): Promise<O> {
  return audited(ctx.db, ctx.clock, { userId: ctx.user.id }, { entity, action: 'update', entityId: id }, get, change, (v) => ({
    entityId: v.id,
    value: v,
  }));
}

export function catalogueItemProcedures<C extends z.ZodType, U extends z.ZodType<{ id: number }>, O extends { id: number }>(item: {
  /** The audit trail's name for it. */
  entity: string;
  createInput: C;
  updateInput: U;
  output: z.ZodType<O>;
  get: (db: Db, id: number) => O | null;
  create: (ctx: Writer, input: z.output<C>) => O;
  update: (db: Db, id: number, changes: Omit<z.output<U>, 'id'>) => O;
  remove: (db: Db, id: number) => void;
}) {
  const { entity } = item;
  // tRPC cannot resolve its output type while O is still generic; each step below is typed O by `item`, and the
  // procedures' output is typed by `.output()`, so the casts only hand that over.
  const done = (result: Promise<O>) => result as Promise<never>;
  return {
    create: adminProcedure
      .input(item.createInput)
      .output(answer(item.output))
      .mutation(({ ctx, input }) =>
        done(
          audited(
            ctx.db,
            ctx.clock,
            { userId: ctx.user.id },
            { entity, action: 'create' },
            () => null,
            () => item.create(ctx, input as z.output<C>),
            (v) => ({ entityId: v.id, value: v }),
          ),
        ),
      ),
    update: adminProcedure
      .input(item.updateInput)
      .output(answer(item.output))
      .mutation(({ ctx, input }) => {
        const { id, ...changes } = input as z.output<U>;
        return done(
          auditedUpdate(
            ctx,
            entity,
            id,
            () => item.get(ctx.db, id),
            () => item.update(ctx.db, id, changes),
          ),
        );
      }),
    delete: adminProcedure
      .input(idInput)
      .output(answer(deletedOutput))
      .mutation(async ({ ctx, input }) => {
        await audited(
          ctx.db,
          ctx.clock,
          { userId: ctx.user.id },
          { entity, action: 'delete', entityId: input.id },
          () => item.get(ctx.db, input.id),
          () => item.remove(ctx.db, input.id),
          () => undefined,
        );
        return { id: input.id };
      }),
  };
}
