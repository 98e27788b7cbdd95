/**
 * Units of the figures a run records: which quantity a figure key is (a time, a CPU cost, a byte
 * rate, a rate, orders per minute, a count), the units a report may show it in, and the conversion
 * from the unit it is recorded in.
 */
package io.loadlab.core.units;
