package io.loadlab.provision.testbed;

import io.loadlab.core.util.Texts;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.regex.Pattern;

/**
 * Checks a role's name, its placement ({@code nice}, {@code numa-node}, {@code cpus}) and the
 * {@code options} passed to its loadlab command, in the file alone.
 */
final class RoleChecks {
  private static final Pattern KEBAB = Pattern.compile("[a-z][a-z0-9]*(-[a-z0-9]+)*");

  private RoleChecks() {}

  /** Reports each problem of role {@code r} (field {@code f}, e.g. {@code roles[0]}). */
  static void check(String f, Role r, BiConsumer<String, String> problem) {
    if (r.role() == null || !TestbedValidator.ROLES.contains(r.role())) {
      problem.accept(
          f + ".role",
          "'" + Texts.cut(r.role()) + "' is unknown; use one of " + TestbedValidator.ROLES);
    }
    r.placement().check((name, why) -> problem.accept(f + "." + name, why));
    if (r.options().isEmpty()) {
      return;
    }
    boolean loadlab =
        r.command() == null && ("broker".equals(r.role()) || "net-serve".equals(r.role()));
    if (!loadlab) {
      problem.accept(
          f + ".options",
          "only roles that run loadlab (broker, net-serve) take options; put them in command");
      return;
    }
    for (Map.Entry<String, Object> e : r.options().entrySet()) {
      String key = e.getKey();
      String k = f + ".options." + Texts.cut(key);
      Object v = e.getValue();
      if (!KEBAB.matcher(key).matches()) {
        problem.accept(
            k,
            "'"
                + Texts.cut(key)
                + "' is not an option name; write it as on the command line without --, in"
                + " kebab-case, e.g. threads");
      } else if (key.equals("port")) {
        problem.accept(k, "the role's port gives --port; set port on the role instead");
      } else if (v == null || v instanceof Map<?, ?> || v instanceof java.util.List<?>) {
        problem.accept(k, "give one value, or true for a flag");
      } else if (Boolean.FALSE.equals(v)) {
        problem.accept(k, "false passes nothing; remove the option, or give true for a flag");
      }
    }
  }
}
