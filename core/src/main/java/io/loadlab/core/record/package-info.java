/**
 * Recording what drivers measure: an HdrHistogram and counters per operation, read once per
 * interval.
 */
package io.loadlab.core.record;
