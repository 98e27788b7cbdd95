/**
 * Live views of a run while it goes: a sink fed by the recorder's interval snapshots builds one
 * immutable {@link io.loadlab.core.live.RunView} per interval (the last interval's figures, the
 * run's so far, cumulative counts and latency buckets) and hands it to the live outputs (the
 * OpenMetrics endpoint, the InfluxDB writer, the live page). Nothing here runs on the hot path.
 */
package io.loadlab.core.live;
