/** The listener that writes loadlab's shared results from a JMeter run. */
package io.loadlab.jmeter.results;
