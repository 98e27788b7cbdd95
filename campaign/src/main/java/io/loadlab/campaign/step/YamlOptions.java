package io.loadlab.campaign.step;

import io.loadlab.campaign.file.ValidationProblems;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.cli.Options;

/**
 * A step's or service's {@code options:} map as written in YAML, turned into the command's long
 * options (true is a flag, a list is comma-joined, {@code property: {threads: 10}} is {@code
 * property.threads}), refusing options the command does not have or the campaign sets itself.
 */
final class YamlOptions {
  /** Run options the campaign sets itself for each run. */
  static final Set<String> RESERVED =
      Set.of("output", "json", "csv", "jtl", "hlog", "markdown", "junit", "quiet", "help", "debug");

  private YamlOptions() {}

  /**
   * The option values of {@code given} (field {@code f}) for {@code command}, whose options are
   * {@code options}; each problem goes to {@code problems}. A flag's value is empty.
   */
  static Map<String, String> optionMap(
      ValidationProblems problems,
      String f,
      String command,
      Options options,
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
          } else if (RESERVED.contains(key)) {
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
  static boolean hasOption(Options options, String key) {
    int dot = key.indexOf('.');
    if (dot > 0) {
      // property.threads: one NAME=VALUE of an option such as --property (JMeter's -J).
      return key.length() > dot + 1 && isKeyed(options, key.substring(0, dot));
    }
    return options.getOption(key) != null && options.getOption(key).getLongOpt().equals(key);
  }

  /** An option taking NAME=VALUE pairs, such as {@code --property}. */
  private static boolean isKeyed(Options options, String key) {
    return hasOption(options, key) && options.getOption(key).hasValueSeparator();
  }
}
