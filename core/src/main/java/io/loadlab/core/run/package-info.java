/**
 * Running a measurement: timing, stopping, cutting intervals and handing results to sinks. Shared
 * by every driver and front-end.
 */
package io.loadlab.core.run;
