package io.loadlab.provision.action;

import io.loadlab.core.failure.LoadlabException;
import java.util.List;

/**
 * Runs actions in order, logging each with its outcome. After a failure the remaining actions are
 * skipped (and logged so), because later steps depend on earlier ones.
 */
public final class Executor {
  private Executor() {}

  /**
   * @param state where the undo records of successful actions go, or null
   * @return true if every action succeeded
   */
  public static boolean run(List<Action> actions, ActionLog log, AppliedState state) {
    boolean failed = false;
    for (Action a : actions) {
      if (failed) {
        log.record(a, ActionLog.Outcome.SKIPPED, "an earlier action failed");
        continue;
      }
      try {
        Undo undo = a.step().run();
        if (undo != null && state != null) {
          state.add(undo);
        }
        log.record(a, ActionLog.Outcome.OK, null);
      } catch (LoadlabException e) {
        log.record(a, ActionLog.Outcome.FAILED, e.getMessage());
        failed = true;
      } catch (Exception e) {
        log.record(
            a,
            ActionLog.Outcome.FAILED,
            e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
        failed = true;
      }
    }
    return !failed;
  }
}
