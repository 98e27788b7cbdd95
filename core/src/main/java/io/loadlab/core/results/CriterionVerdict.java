package io.loadlab.core.results;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A pass/fail criterion checked against a finished run, such as {@code p99Us<=2000}, with what was
 * measured.
 *
 * @param criterion the criterion as the user wrote it
 * @param operation the operation it was checked on, or {@code null} for the whole run
 * @param measured the measured value, or {@code null} if the run has no such figure
 * @param passed true if the criterion held
 * @param message one line for people, such as {@code p99Us<=2000: measured 3,412 (failed)}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CriterionVerdict(
    String criterion, String operation, Double measured, boolean passed, String message) {}
