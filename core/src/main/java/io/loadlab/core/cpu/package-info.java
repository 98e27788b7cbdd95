/** Measuring the CPU a run costs: the process's own, the host's, and per operation. */
package io.loadlab.core.cpu;
