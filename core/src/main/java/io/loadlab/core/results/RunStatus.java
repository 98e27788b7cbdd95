package io.loadlab.core.results;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** How a run ended. */
public enum RunStatus {
  /** Still running: what a result file says if the run was killed before it finished. */
  RUNNING,
  /** Finished and met its own criteria. */
  OK,
  /** Finished (or stopped) but failed: errors, lost data, a target that went away. */
  FAILED,
  /** Stopped early by the user (SIGINT). */
  ABORTED;

  @JsonValue
  public String jsonName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
