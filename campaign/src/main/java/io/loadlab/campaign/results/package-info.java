/**
 * A campaign's results: its manifest (campaign.json), the figures of each run, cells' statistics
 * (mean, median, the interval of a mean), the best over a sweep, criteria and warnings.
 */
package io.loadlab.campaign.results;
