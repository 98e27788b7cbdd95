/**
 * Several runs side by side — the same workload on bare metal, in a bridged guest and in an SR-IOV
 * guest, say: per operation each run's rate and latency and its ratio to the first run, as Markdown
 * with bar charts.
 */
package io.loadlab.core.compare;
