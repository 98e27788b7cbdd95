/**
 * The DS2 schema: DVD Store 2's tables and columns, keys and indexes, for PostgreSQL (with
 * full-text GIN indexes) and MySQL/MariaDB (InnoDB with FULLTEXT indexes), plus loadlab's own
 * bookkeeping tables for checking and resetting a loaded database.
 */
package io.loadlab.core.ds2.schema;
