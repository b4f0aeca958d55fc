/**
 * The cash register (docs/architecture.md, "The cash register"): every task sent to it, stored before it is
 * sent, and the counter sales waiting for a correction receipt.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './people';
import { shifts, orders, refunds } from './sales';

/**
 * A task sent to the cash register (modules/fiscal): stored with its uuid before it is sent, so a lost
 * answer is read back by the same uuid and never sent twice (REGISTRIES.md §1.8). `result` is the
 * register's answer (its fiscalParams for a receipt or a shift document).
 */
export const fiscalOperations = pgTable(
  'fiscal_operations',
  {
    id: uuid('id').primaryKey(),
    /** The task's type: openShift, closeShift, sell, sellReturn, sellCorrection. */
    kind: varchar('kind', { length: 24 }).notNull(),
    /** sent (no answer yet), ready, error. */
    status: varchar('status', { length: 10 }).notNull().default('sent'),
    shiftId: integer('shift_id').references(() => shifts.id, { onDelete: 'restrict' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    refundId: integer('refund_id').references(() => refunds.id, { onDelete: 'restrict' }),
    task: jsonb('task').notNull(),
    result: jsonb('result'),
    errorCode: integer('error_code'),
    errorDescription: text('error_description'),
    /**
     * The register's server said it had the task (REGISTRIES.md §1.8): while the operation is `sent`, a uuid
     * it then does not know was lost by it (maybe printed), not never received, so it is not posted again.
     */
    acknowledged: boolean('acknowledged').notNull().default(false),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('fiscal_operations_status_valid', sql`${t.status} in ('sent', 'ready', 'error')`),
    index('fiscal_operations_shift_idx').on(t.shiftId),
    index('fiscal_operations_order_idx').on(t.orderId),
  ],
);

/**
 * A counter sale taken without its receipt (the register down, a manager's override with a reason), queued
 * for a correction receipt (`sellCorrection`, REGISTRIES.md §1.7) and listed until one is issued; also a
 * receipt the register printed after all for a sale or refund that was refused (`strayOperationId`,
 * modules/fiscal/follow-up.ts), listed until the receipt that undoes it is issued.
 */
export const fiscalCorrections = pgTable(
  'fiscal_corrections',
  {
    id: serial('id').primaryKey(),
    /** Null only for a stray sale's receipt: no order was made. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    /** A return's correction: the counter refund whose return receipt the register did not print. */
    refundId: integer('refund_id').references(() => refunds.id, { onDelete: 'restrict' }),
    /** The sell (or sellReturn) task the register should have printed (a correction receipt repeats it). */
    task: jsonb('task').notNull(),
    reason: text('reason').notNull(),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    /** The receipt printed with no sale (or refund) made of it, which this correction undoes. */
    strayOperationId: uuid('stray_operation_id').references(() => fiscalOperations.id, { onDelete: 'restrict' }),
    /** The correction receipt once issued. */
    operationId: uuid('operation_id').references(() => fiscalOperations.id, { onDelete: 'restrict' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
  },
  (t) => [
    // One sale correction per order, one return correction per refund, one correction per stray receipt.
    uniqueIndex('fiscal_corrections_sale_unique')
      .on(t.orderId)
      .where(sql`${t.refundId} is null and ${t.strayOperationId} is null`),
    uniqueIndex('fiscal_corrections_refund_unique').on(t.refundId),
    uniqueIndex('fiscal_corrections_stray_unique').on(t.strayOperationId),
  ],
);
