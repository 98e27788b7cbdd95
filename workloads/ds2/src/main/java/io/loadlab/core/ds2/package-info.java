/**
 * The DVD Store 2 style database workload: the per-connection transactions ({@link
 * io.loadlab.core.ds2.Ds2Transactions}) and one user session ({@link
 * io.loadlab.core.ds2.Ds2UserSession}) that the command line, the JMeter sampler and the JMH
 * benchmarks all call, plus database sizes and the data vocabulary. Schema, data generation,
 * loading and the multi-threaded driver live in the sub-packages.
 *
 * <p>Facts (table and column names, sizes, the workload mix) follow DVD Store 2; the code and SQL
 * are loadlab's own.
 */
package io.loadlab.core.ds2;
