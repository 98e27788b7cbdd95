package io.loadlab.campaign.step;

import io.loadlab.campaign.file.CampaignSpec;
import io.loadlab.campaign.file.ValidationProblems;
import io.loadlab.core.options.OptionSpec;
import io.loadlab.core.options.OptionTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Options of a step naming files the command reads (as their descriptions say, {@link
 * OptionSpec#readsFile}), written relative to the campaign file: named by their path here when they
 * exist here, so the run finds them whatever its directory (and a run on a remote machine gets a
 * copy, see {@link StepFiles}).
 */
final class StepFileOptions {
  private final ValidationProblems problems;

  StepFileOptions(ValidationProblems problems) {
    this.problems = problems;
  }

  /**
   * Files the command reads, written relative to the campaign file: named by their path here when
   * they exist there (then copied to a testbed machine a step runs on), else left as written.
   */
  Map<String, String> localFiles(Map<String, String> opts, OptionTable options) {
    opts.replaceAll(
        (key, v) -> {
          OptionSpec spec = options.get(key);
          if (spec == null || !spec.readsFile() || v.isEmpty() || v.contains("${")) {
            return v;
          }
          Path p = problems.resolve(v);
          return Files.isRegularFile(p) ? p.toString() : v;
        });
    return opts;
  }

  /**
   * A JMeter plan step: its controller runs here (its load goes to jmeter-server machines through
   * options.remote, not on), and its files here are relative to the campaign file.
   */
  void jmeterStep(
      String f, CampaignSpec.StepSpec s, Map<String, String> opts, OptionTable options) {
    if (!s.on().isEmpty() || !s.clients().isEmpty()) {
      problems.problem(
          f + (s.on().isEmpty() ? ".clients" : ".on"),
          "a JMeter plan step runs here and puts its load on jmeter-server machines through"
              + " JMeter's -R; name them in options.remote instead");
    }
    // The files the plan step reads (its plan, a property file), as its descriptions say.
    opts.replaceAll(
        (key, v) -> {
          OptionSpec spec = options.get(key);
          return spec == null || !spec.readsFile() || v.contains("${")
              ? v
              : problems.resolve(v).toString();
        });
    String home = opts.get("jmeter");
    if (home != null && home.contains("/") && !home.contains("${")) {
      // A JMeter home written relative to the campaign file, e.g. ../apache-jmeter-5.6.3
      Path p = problems.resolve(home);
      if (Files.exists(p)) {
        opts.put("jmeter", p.toString());
      }
    }
  }
}
