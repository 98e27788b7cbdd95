/**
 * The descriptor of the {@code database} workload (the embedded PostgreSQL served on its own): its
 * commands and their options, described once, registered in {@code
 * META-INF/services/io.loadlab.core.workload.Workload}. Nothing outside this workload names these
 * classes; the command line and campaigns ask {@link io.loadlab.core.workload.Workloads}.
 */
package io.loadlab.core.database.descriptor;
