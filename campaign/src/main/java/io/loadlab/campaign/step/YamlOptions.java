package io.loadlab.campaign.step;

import io.loadlab.campaign.file.ValidationProblems;
import io.loadlab.core.options.OptionSpec;
import io.loadlab.core.options.OptionTable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A step's or service's {@code options:} map as written in YAML, turned into the command's long
 * options (true is a flag, a list is comma-joined, {@code property: {threads: 10}} is {@code
 * property.threads}), refusing options the command does not have or the campaign sets itself: both
 * as the command's own option descriptions say ({@link OptionTable}), not by a list of the
 * campaign's.
 */
final class YamlOptions {
  private YamlOptions() {}

  /** True if the campaign sets option {@code key} on each run itself (output files, --quiet). */
  static boolean setByCampaign(OptionTable options, String key) {
    OptionSpec s = options.get(key);
    return s != null && s.campaignSets();
  }

  /**
   * The option values of {@code given} (field {@code f}) for {@code command}, whose options are
   * {@code options}; each problem goes to {@code problems}. A flag's value is empty.
   */
  static Map<String, String> optionMap(
      ValidationProblems problems,
      String f,
      String command,
      OptionTable options,
      Map<String, Object> given) {
    Map<String, String> out = new LinkedHashMap<>();
    given.forEach(
        (key, value) -> {
          String k = f + "." + key;
          if (value instanceof Map<?, ?> map && isKeyed(options, key)) {
            // property: {threads: 10} is property.threads: 10
            map.forEach((name, v) -> out.put(key + "." + name, problems.scalar(k + "." + name, v)));
          } else if (!hasOption(options, key)) {
            problems.problem(
                k, command + " has no option --" + key + "; see loadlab " + command + " --help");
          } else if (setByCampaign(options, key)) {
            problems.problem(k, "the campaign sets --" + key + " for each run itself; remove it");
          } else if (value instanceof Boolean b) {
            if (b) {
              out.put(key, "");
            }
          } else if (value instanceof List<?> list) {
            List<String> parts = new ArrayList<>();
            list.forEach(v -> parts.add(problems.scalar(k, v)));
            out.put(key, String.join(",", parts));
          } else {
            out.put(key, problems.scalar(k, value));
          }
        });
    return out;
  }

  /** True if {@code key} is a long option of the command, or NAME=VALUE of a keyed one. */
  static boolean hasOption(OptionTable options, String key) {
    int dot = key.indexOf('.');
    if (dot > 0) {
      // property.threads: one NAME=VALUE of an option such as --property (JMeter's -J).
      return key.length() > dot + 1 && isKeyed(options, key.substring(0, dot));
    }
    return options.get(key) != null;
  }

  /** An option taking NAME=VALUE pairs, such as {@code --property}. */
  private static boolean isKeyed(OptionTable options, String key) {
    OptionSpec s = options.get(key);
    return s != null && s.kind() == OptionSpec.Kind.KEYED;
  }
}
