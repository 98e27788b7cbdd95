package io.loadlab.core.options;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The options of a command (or the part of them several commands share), in the order {@code
 * --help} lists them; the one description the command line, campaign steps and
 * docs/configuration.md are held to (see {@link OptionSpec}).
 */
public final class OptionTable {
  /** The header of an option table in docs/configuration.md. */
  public static final String DOCS_HEADER = "| option | default | meaning |\n| --- | --- | --- |\n";

  private final Map<String, OptionSpec> specs;

  private OptionTable(Map<String, OptionSpec> specs) {
    this.specs = Collections.unmodifiableMap(specs);
  }

  /** A table of {@code specs}, in this order; a name given twice is a programming error. */
  public static OptionTable of(OptionSpec... specs) {
    return of(List.of(specs));
  }

  /** A table of {@code specs}, in this order; a name given twice is a programming error. */
  public static OptionTable of(List<OptionSpec> specs) {
    Map<String, OptionSpec> map = new LinkedHashMap<>();
    for (OptionSpec s : specs) {
      if (map.put(s.name(), s) != null) {
        throw new IllegalArgumentException("option --" + s.name() + " described twice");
      }
    }
    return new OptionTable(map);
  }

  /** This table followed by {@code more}. */
  public OptionTable plus(OptionTable more) {
    List<OptionSpec> all = new ArrayList<>(specs.values());
    all.addAll(more.specs());
    return of(all);
  }

  /** This table followed by {@code more}. */
  public OptionTable plus(OptionSpec... more) {
    return plus(of(more));
  }

  /** The option named {@code name} (without {@code --}), or null. */
  public OptionSpec get(String name) {
    return specs.get(name);
  }

  /** The option named {@code name}; one not in the table is a programming error. */
  public OptionSpec require(String name) {
    OptionSpec s = specs.get(name);
    if (s == null) {
      throw new IllegalArgumentException("no option --" + name + " in " + specs.keySet());
    }
    return s;
  }

  /** Every option, in order. */
  public List<OptionSpec> specs() {
    return List.copyOf(specs.values());
  }

  /** The table as docs/configuration.md shows it: header and one row per option. */
  public String markdown() {
    StringBuilder sb = new StringBuilder(DOCS_HEADER);
    for (OptionSpec s : specs.values()) {
      sb.append(s.docsRow()).append('\n');
    }
    return sb.toString();
  }
}
