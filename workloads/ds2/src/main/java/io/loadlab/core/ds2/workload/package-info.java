/**
 * The DS2 driver: user threads per target with DS2's ramp rate and think time, warmup, per-step and
 * per-order latency into the shared recorder, orders per minute, rollbacks, retries, reconnects,
 * and DS2-style progress lines.
 */
package io.loadlab.core.ds2.workload;
