import { getTableName, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DatabaseOrTransaction } from './database';

/**
 * `"table"."column"`. Inside a raw `sql` fragment used as a selected field, Drizzle writes a column
 * without its table, so in a correlated subquery `"id"` silently binds to the inner table. Every
 * column inside such a subquery goes through this.
 */
export const qualified = (column: AnyPgColumn) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/**
 * A query built once per database handle and sent as a named prepared statement: Drizzle does not
 * assemble its SQL again on every call, and PostgreSQL parses and plans it once per connection. For
 * the hot reads; values come in through `sql.placeholder(name)`. Each name must be unique to its SQL.
 */
export function preparedQuery<Prepared>(
  name: string,
  build: (db: DatabaseOrTransaction) => { prepare(name: string): Prepared },
): (db: DatabaseOrTransaction) => Prepared {
  const byHandle = new WeakMap<DatabaseOrTransaction, Prepared>();
  return (db) => {
    let query = byHandle.get(db);
    if (!query) {
      query = build(db).prepare(name);
      byHandle.set(db, query);
    }
    return query;
  };
}

const dialect = new PgDialect();

/**
 * preparedQuery for a statement written in SQL (`sql` with `sql.placeholder(name)` for its values),
 * answering plain rows: PostgreSQL parses it once per connection and, once a generic plan holds,
 * plans it no more; Drizzle does not assemble its text again on every call.
 */
export function preparedStatement(name: string, statement: SQL) {
  return preparedQuery(name, (db) => ({
    prepare: (statementName: string) =>
      db._.session.prepareQuery(dialect.sqlToQuery(statement), undefined, statementName, false),
  }));
}
