/**
 * The OpenMetrics (Prometheus) endpoint of a run or a campaign, built on the Prometheus Java client
 * library: a collector renders the last {@link io.loadlab.core.live.RunView} when scraped, so a
 * scrape costs no work on the run's threads.
 */
package io.loadlab.core.live.metrics;
