package io.loadlab.provision.action;

import java.util.ArrayList;
import java.util.List;

/**
 * What {@code apply} would do: the changes in order, what is already as the testbed wants, and
 * manual steps loadlab reports but does not apply (such as kernel command-line options, which need
 * a reboot, or an MTU set inside a guest).
 */
public final class Plan {
  /** The heading of the manual steps, in the plan and after apply. */
  public static final String MANUAL_HEADING =
      "Manual steps (not applied; kernel command-line options need a reboot):";

  private final List<Action> changes = new ArrayList<>();
  private final List<String> unchanged = new ArrayList<>();
  private final List<String> manual = new ArrayList<>();
  private final List<String> warnings = new ArrayList<>();

  public void change(Action a) {
    changes.add(a);
  }

  public void change(String machine, String description, Action.Step step) {
    changes.add(new Action(machine, description, step));
  }

  public void unchanged(String machine, String description) {
    unchanged.add(machine + ": " + description);
  }

  public void manual(String machine, String description) {
    manual.add(machine + ": " + description);
  }

  /** Something legal but probably unintended, such as a NIC on another NUMA node. */
  public void warn(String machine, String description) {
    warnings.add(machine + ": " + description);
  }

  public List<String> warnings() {
    return List.copyOf(warnings);
  }

  public List<Action> changes() {
    return List.copyOf(changes);
  }

  public List<String> unchanged() {
    return List.copyOf(unchanged);
  }

  public List<String> manual() {
    return List.copyOf(manual);
  }

  public boolean isEmpty() {
    return changes.isEmpty();
  }

  /** The plan as text, for {@code loadlab provision plan}. */
  public String render() {
    StringBuilder sb = new StringBuilder();
    if (changes.isEmpty()) {
      sb.append("No changes: the testbed is as the file describes.\n");
    } else {
      sb.append(changes.size()).append(" change(s):\n");
      for (Action a : changes) {
        sb.append("  + ").append(a).append('\n');
      }
    }
    if (!unchanged.isEmpty()) {
      sb.append("Already in place:\n");
      unchanged.forEach(u -> sb.append("  = ").append(u).append('\n'));
    }
    if (!warnings.isEmpty()) {
      sb.append("Warnings:\n");
      warnings.forEach(w -> sb.append("  ? ").append(w).append('\n'));
    }
    if (!manual.isEmpty()) {
      sb.append(MANUAL_HEADING).append('\n');
      manual.forEach(m -> sb.append("  ! ").append(m).append('\n'));
    }
    return sb.toString();
  }
}
