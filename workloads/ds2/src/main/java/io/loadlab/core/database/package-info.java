/**
 * Reaching a database: JDBC targets with clear errors, the SQL dialects loadlab speaks (PostgreSQL,
 * MySQL/MariaDB), SQLSTATE classification, and an embedded PostgreSQL kept in a data directory.
 */
package io.loadlab.core.database;
