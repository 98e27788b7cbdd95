/** The no-op baseline: the cost of the JMH harness itself. */
package io.loadlab.jmh.baseline;
