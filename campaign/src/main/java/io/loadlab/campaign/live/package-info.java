/**
 * A campaign watched live: its own OpenMetrics endpoint (runs done, failed and left, the running
 * cell, the ETA), the {@code --metrics-port} of each client run it starts, and a Prometheus {@code
 * file_sd} targets file naming every endpoint.
 */
package io.loadlab.campaign.live;
