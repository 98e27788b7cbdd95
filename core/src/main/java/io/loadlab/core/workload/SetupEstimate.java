package io.loadlab.core.workload;

import java.util.List;

/** How long a command run as a campaign's setup (to completion, before the runs) takes. */
@FunctionalInterface
public interface SetupEstimate {
  /**
   * The estimate in seconds.
   *
   * @param args the command line, its words first
   * @param dataKept true if every server of its configuration that keeps data ({@link
   *     Server.KeptData}) starts on data an earlier start left
   */
  double seconds(List<String> args, boolean dataKept);
}
