package io.loadlab.core.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sweeps found in operation names: {@code rr users=1}, {@code rr users=2}, ... are the operation
 * {@code rr} at the points {@code users=1, 2, ...} of a sweep, drawn as a line against the point.
 */
public final class Sweeps {
  private static final Pattern POINT = Pattern.compile("^(.*?)\\s*\\b([\\w.-]+)=([^\\s=]+)$");

  /**
   * A sweep: its name ({@code rr users}), its points in order ({@code 1, 2}) and the operation of
   * each point.
   */
  public record Sweep(String name, List<String> points, List<String> operations) {
    /** The sweep's variable, such as {@code size}: the last word of its name. */
    public String variable() {
      int space = name.lastIndexOf(' ');
      return space < 0 ? name : name.substring(space + 1);
    }

    /** What is swept, such as {@code latency}: the name without its variable. */
    public String subject() {
      int space = name.lastIndexOf(' ');
      return space < 0 ? "" : name.substring(0, space);
    }
  }

  private Sweeps() {}

  /** The sweeps of at least two points among {@code operations}, in order of appearance. */
  public static List<Sweep> of(List<String> operations) {
    Map<String, List<String[]>> byName = new LinkedHashMap<>();
    for (String op : operations) {
      Matcher m = POINT.matcher(op);
      if (m.matches()) {
        String name = (m.group(1).isBlank() ? "" : m.group(1).strip() + " ") + m.group(2);
        byName.computeIfAbsent(name, k -> new ArrayList<>()).add(new String[] {m.group(3), op});
      }
    }
    List<Sweep> sweeps = new ArrayList<>();
    byName.forEach(
        (name, points) -> {
          if (points.size() >= 2) {
            sweeps.add(
                new Sweep(
                    name,
                    points.stream().map(p -> p[0]).toList(),
                    points.stream().map(p -> p[1]).toList()));
          }
        });
    return sweeps;
  }
}
