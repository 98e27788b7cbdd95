/**
 * JMeter's CSV results files (JTL) read into loadlab's results model, so any JMeter plan gets
 * loadlab's run report with HdrHistogram percentiles per label.
 */
package io.loadlab.core.jtl;
