/**
 * Importing JMH results: turns the JSON that JMH writes with {@code -rf json} into the shared
 * {@link io.loadlab.core.results.RunResult}, so JMH figures sit beside command-line and JMeter
 * runs.
 */
package io.loadlab.core.jmh;
