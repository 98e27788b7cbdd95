/**
 * Putting DS2 data into a database and keeping it usable: the parallel loader (PostgreSQL COPY,
 * batched inserts elsewhere), CSV export for other tools, the size check and the quick reset.
 */
package io.loadlab.core.ds2.load;
