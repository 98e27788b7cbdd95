package io.loadlab.core.workload;

import io.loadlab.core.options.OptionTable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;

/**
 * The registry of workloads: every {@link Workload} on the class path ({@link ServiceLoader}), and
 * the questions the command line and the campaign engine ask about their commands. Nothing outside
 * a workload's own package names its descriptor; everything else asks here.
 */
public final class Workloads {
  private final List<Workload> workloads;
  private final Map<String, WorkloadCommand> commands = new LinkedHashMap<>();
  private final Map<String, String> aliases = new LinkedHashMap<>();

  private Workloads(List<Workload> workloads) {
    this.workloads = List.copyOf(workloads);
    for (Workload w : workloads) {
      for (WorkloadCommand c : w.commands()) {
        if (commands.put(c.words(), c) != null) {
          throw new IllegalStateException("command '" + c.words() + "' given twice");
        }
      }
      w.aliases().forEach(a -> aliases.put(a, w.name()));
    }
  }

  /** The workloads on the class path, loaded once. */
  public static Workloads installed() {
    return Holder.INSTALLED;
  }

  /** A registry of exactly these workloads (for tests). */
  public static Workloads of(List<Workload> workloads) {
    return new Workloads(workloads);
  }

  /**
   * Every workload's figure labels ({@link Workload#figureLabels()}) in one map; a key two
   * workloads label differently is a mistake in one of them.
   */
  public Map<String, String> figureLabels() {
    Map<String, String> labels = new LinkedHashMap<>();
    for (Workload w : workloads) {
      w.figureLabels()
          .forEach(
              (key, label) -> {
                String before = labels.put(key, label);
                if (before != null && !before.equals(label)) {
                  throw new IllegalStateException(
                      "figure '" + key + "' labelled twice: '" + before + "' and '" + label + "'");
                }
              });
    }
    return labels;
  }

  /** The workloads, in the order they were found. */
  public List<Workload> workloads() {
    return workloads;
  }

  /** Every command of every workload, in order. */
  public List<WorkloadCommand> commands() {
    return List.copyOf(commands.values());
  }

  /**
   * The command named exactly by {@code words} (an alias allowed, such as {@code jms}), or null.
   */
  public WorkloadCommand command(String words) {
    return words == null ? null : commands.get(canonical(words));
  }

  /**
   * The command a command line names: the one whose words are its longest prefix (an alias
   * allowed), or null.
   */
  public WorkloadCommand find(List<String> args) {
    List<String> canonical = new ArrayList<>(args);
    if (!canonical.isEmpty() && aliases.containsKey(canonical.get(0))) {
      canonical.set(0, aliases.get(canonical.get(0)));
    }
    WorkloadCommand best = null;
    for (WorkloadCommand c : commands.values()) {
      List<String> path = List.of(c.path());
      if (path.size() <= canonical.size()
          && canonical.subList(0, path.size()).equals(path)
          && (best == null || path.size() > best.path().length)) {
        best = c;
      }
    }
    return best;
  }

  /** {@code words} with an alias in first place replaced by its workload's name. */
  public String canonical(String words) {
    int space = words.indexOf(' ');
    String first = space < 0 ? words : words.substring(0, space);
    String name = aliases.get(first);
    return name == null ? words : name + words.substring(first.length());
  }

  /** The aliases of workloads' names, such as {@code jms} for {@code amqp}. */
  public Map<String, String> aliases() {
    return Map.copyOf(aliases);
  }

  /**
   * Every option the command named by {@code words} takes: its own, the shared run options if it
   * runs load, and {@code --help} and {@code --debug} ({@link SharedOptions}); null if there is no
   * such command.
   */
  public OptionTable optionsOf(String words) {
    WorkloadCommand c = command(words);
    if (c == null) {
      return null;
    }
    OptionTable all = c.runsLoad() ? c.options().plus(SharedOptions.RUN) : c.options();
    return all.plus(SharedOptions.EVERY_COMMAND);
  }

  /** The operations of every command that only explain another (never reported by default). */
  public Set<String> diagnosticOperations() {
    Set<String> out = new LinkedHashSet<>();
    commands.values().forEach(c -> out.addAll(c.operations().diagnostic()));
    return out;
  }

  /** Loads the installed workloads once. */
  private static final class Holder {
    static final Workloads INSTALLED =
        new Workloads(ServiceLoader.load(Workload.class).stream().map(p -> p.get()).toList());
  }
}
