import { integer, serial, timestamp, type ReferenceConfig } from 'drizzle-orm/pg-core';

// The column shapes the schema repeats, one place each: the tables of schema/ build their ids, references and
// times from these instead of writing the same three-line chains again. Each is the chain it replaces, so the
// tables (and drizzle-kit's snapshot of them) are unchanged.

/** The serial primary key `id`. */
export const id = () => serial('id').primaryKey();

/** A required reference to another table's row: `integer(name).notNull().references(to, actions)`. */
export const ref = (name: string, to: ReferenceConfig['ref'], actions?: ReferenceConfig['actions']) =>
  integer(name).notNull().references(to, actions);

/** A time with its zone. */
export const at = (name: string) => timestamp(name, { withTimezone: true });

/** `created_at`: when the row was made. */
export const createdAt = () => at('created_at').notNull().defaultNow();

/** `updated_at`: when the row last changed (set by the writes that change it). */
export const updatedAt = () => at('updated_at').notNull().defaultNow();

// The table-level pieces, so that a schema file takes its table's frame from here and only its column types
// from drizzle.
export { index, pgTable, primaryKey, uniqueIndex } from 'drizzle-orm/pg-core';
