package io.loadlab.core.results;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * How loaded the load generator itself was, over a run's measured window or one interval: its own
 * process's CPU, the host's CPU on the processors it may run on, the load average, and the JVM's
 * pauses (garbage collection, and stalls of a thread that only sleeps: safepoints, scheduling).
 * Percentages of CPU are of the processors the process may use (100 = all of them busy).
 *
 * @param seconds the wall time measured
 * @param cpus the processors this process may run on
 * @param processCpuPercent this process's CPU time over the wall time, per processor it may use
 * @param hostCpuPercent busy time (with steal) of the processors this process may use
 * @param loadAverage the host's 1-minute load average at the end
 * @param gcPauseMs time in garbage-collection pauses
 * @param gcPauseMaxMs the longest garbage-collection pause
 * @param stallMaxMs the longest a sleeping thread woke up late
 * @param stallP99Ms the 99th percentile of how late a sleeping thread woke up
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record GeneratorLoad(
    double seconds,
    int cpus,
    Double processCpuPercent,
    Double hostCpuPercent,
    Double loadAverage,
    Double gcPauseMs,
    Double gcPauseMaxMs,
    Double stallMaxMs,
    Double stallP99Ms) {}
