/**
 * A campaign step's command line, checked before anything starts: its options ({@code options:} in
 * YAML, files it reads), placements on testbed machines and criteria, against the command's own
 * (the whole command line through a {@link io.loadlab.campaign.step.CommandLineCheck} its reader
 * gives) and its workload's descriptor ({@link io.loadlab.core.workload.Workloads}).
 */
package io.loadlab.campaign.step;
