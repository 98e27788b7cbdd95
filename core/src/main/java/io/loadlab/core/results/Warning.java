package io.loadlab.core.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;

/**
 * Something that taints a run's figures without failing it, such as a load generator that was
 * itself the limit: the figures may then describe the client rather than the system under test.
 *
 * @param kind a stable name, such as {@code generator-saturated}
 * @param message one sentence naming the figures, for people
 * @param figures the measured figures behind the warning, by name
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Warning(String kind, String message, Map<String, Double> figures) {}
