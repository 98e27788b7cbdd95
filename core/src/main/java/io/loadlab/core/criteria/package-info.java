/**
 * Pass/fail criteria a user sets on a run, such as {@code p99Us<=2000} or {@code errors==0}: parsed
 * before anything starts, checked against the finished run's result.
 */
package io.loadlab.core.criteria;
