package io.loadlab.core.options;

/**
 * One option of a command, described once: its name, how it is given, what its value is, its
 * default and range, its {@code --help} line and its row in docs/configuration.md. The command line
 * builds its options from these, a campaign checks a step's {@code options:} against the same ones
 * (which name files to copy, which name password files), and a test holds docs/configuration.md to
 * them, so that the three never say different things.
 *
 * @param name the long name, without {@code --}
 * @param arg the value's name in the help ({@code PORT}), or null for a flag
 * @param kind how the option is given
 * @param type what its value is
 * @param defaultValue the value taken when it is left out, as a user would write it; null when
 *     there is none or it depends on other options
 * @param range the least and greatest whole number taken, or null
 * @param help the {@code --help} line
 * @param docsDefault the default column of its row in docs/configuration.md, or null if it has none
 *     there
 * @param docs the meaning column of its row in docs/configuration.md
 * @param docsName the option column of that row when it is not {@code `--name ARG`}, or null
 * @param env the environment variable read when the option is left out (a password file's), or null
 * @param campaignSets true if a campaign sets it on each run itself, so a step may not give it
 */
public record OptionSpec(
    String name,
    String arg,
    Kind kind,
    Type type,
    String defaultValue,
    Range range,
    String help,
    String docsDefault,
    String docs,
    String docsName,
    String env,
    boolean campaignSets) {

  /** How an option is given on the command line. */
  public enum Kind {
    /** {@code --name} alone. */
    FLAG,
    /** {@code --name VALUE}, once. */
    VALUE,
    /** {@code --name} alone or {@code --name VALUE}. */
    OPTIONAL_VALUE,
    /** {@code --name VALUE}, as often as wanted. */
    REPEATABLE,
    /** {@code --name KEY=VALUE}, as often as wanted (a campaign writes {@code name.KEY}). */
    KEYED
  }

  /** What an option's value is; a campaign treats files a command reads apart from other text. */
  public enum Type {
    /** No value. */
    NONE,
    /** Text: a name, a URL, a host, a choice. */
    TEXT,
    /** A number, or a list of them. */
    NUMBER,
    /** A size in bytes ({@code 32K}), or a list of them. */
    SIZE,
    /** A duration ({@code 500ms}, {@code 60s}). */
    DURATION,
    /** A file the command reads: copied to the machine a campaign's run is on. */
    INPUT_FILE,
    /** A file holding a password: read on the campaign's machine when it is planned. */
    PASSWORD_FILE,
    /** A file or directory the command writes. */
    OUTPUT,
    /** A directory the command keeps its own state in. */
    DIRECTORY
  }

  /** The least and greatest whole number an option takes. */
  public record Range(long min, long max) {}

  /** A flag: {@code --name} alone. */
  public static OptionSpec flag(String name, String help) {
    return new OptionSpec(
        name, null, Kind.FLAG, Type.NONE, null, null, help, null, null, null, null, false);
  }

  /** An option taking one value, given once. */
  public static OptionSpec value(String name, String arg, Type type, String help) {
    return new OptionSpec(
        name, arg, Kind.VALUE, type, null, null, help, null, null, null, null, false);
  }

  /** The same option given as {@code k}. */
  public OptionSpec kind(Kind k) {
    Draft d = new Draft(this);
    d.kind = k;
    return d.spec();
  }

  /** The same option with the value taken when it is left out. */
  public OptionSpec defaultValue(String value) {
    Draft d = new Draft(this);
    d.defaultValue = value;
    return d.spec();
  }

  /** The same option taking whole numbers from {@code min} to {@code max}. */
  public OptionSpec range(long min, long max) {
    Draft d = new Draft(this);
    d.range = new Range(min, max);
    return d.spec();
  }

  /** The same option with another {@code --help} line. */
  public OptionSpec help(String text) {
    Draft d = new Draft(this);
    d.help = text;
    return d.spec();
  }

  /** The same option with its row in docs/configuration.md: default and meaning. */
  public OptionSpec docs(String defaultColumn, String meaning) {
    Draft d = new Draft(this);
    d.docsDefault = defaultColumn;
    d.docs = meaning;
    return d.spec();
  }

  /** The same option named otherwise in the option column of its docs row. */
  public OptionSpec docsName(String column) {
    Draft d = new Draft(this);
    d.docsName = column;
    return d.spec();
  }

  /** The same option, read from environment variable {@code variable} when left out. */
  public OptionSpec env(String variable) {
    Draft d = new Draft(this);
    d.env = variable;
    return d.spec();
  }

  /** The same option, set by a campaign on each run itself. */
  public OptionSpec setByCampaign() {
    Draft d = new Draft(this);
    d.campaignSets = true;
    return d.spec();
  }

  /** A description being changed: the fields of one, to make another from. */
  private static final class Draft {
    private final String name;
    private final String arg;
    private final Type type;
    private Kind kind;
    private String defaultValue;
    private Range range;
    private String help;
    private String docsDefault;
    private String docs;
    private String docsName;
    private String env;
    private boolean campaignSets;

    Draft(OptionSpec s) {
      name = s.name;
      arg = s.arg;
      kind = s.kind;
      type = s.type;
      defaultValue = s.defaultValue;
      range = s.range;
      help = s.help;
      docsDefault = s.docsDefault;
      docs = s.docs;
      docsName = s.docsName;
      env = s.env;
      campaignSets = s.campaignSets;
    }

    OptionSpec spec() {
      return new OptionSpec(
          name,
          arg,
          kind,
          type,
          defaultValue,
          range,
          help,
          docsDefault,
          docs,
          docsName,
          env,
          campaignSets);
    }
  }

  /** True if it takes a value. */
  public boolean hasValue() {
    return kind != Kind.FLAG;
  }

  /** True if its value names a file the command reads (a password file too). */
  public boolean readsFile() {
    return type == Type.INPUT_FILE || type == Type.PASSWORD_FILE;
  }

  /**
   * Its row in docs/configuration.md: {@code | `--name ARG` | default | meaning |}, with the {@code
   * |} of the text escaped.
   */
  public String docsRow() {
    String option =
        docsName != null
            ? docsName
            : "`--"
                + name
                + switch (kind) {
                  case FLAG -> "";
                  case OPTIONAL_VALUE -> " [" + arg + "]";
                  default -> " " + arg;
                }
                + "`";
    String byDefault =
        docsDefault == null || docsDefault.isEmpty() ? "" : " " + escape(docsDefault);
    return "| "
        + escape(option)
        + " |"
        + byDefault
        + " | "
        + escape(docs == null ? "" : docs)
        + " |";
  }

  private static String escape(String cell) {
    return cell.replaceAll("(?<!\\\\)\\|", "\\\\|");
  }
}
