/**
 * The descriptor of the DVD Store 2 workload ({@code ds2 load}, {@code run}, {@code check}, {@code
 * reset}, {@code generate}): its commands and their options, described once, registered in {@code
 * META-INF/services/io.loadlab.core.workload.Workload}. Nothing outside this workload names these
 * classes; the command line and campaigns ask {@link io.loadlab.core.workload.Workloads}.
 */
package io.loadlab.core.ds2.descriptor;
