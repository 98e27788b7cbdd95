package io.loadlab.e2e;

import io.loadlab.cli.CommandTable;
import io.loadlab.cli.Main;
import io.loadlab.core.options.OptionSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.commons.cli.Option;
import org.junit.jupiter.params.provider.Arguments;

/**
 * Classes of bad input, each over every command that takes such a value (read from the commands'
 * own option tables, so a new option is covered when it is added): secret files that are not small
 * regular files, numbers in other scripts' digits, values far too long to echo, aliases named as
 * typed, sizes too large, JSON numbers out of range. Each case is the command line and a text the
 * one-line refusal must hold.
 */
public final class BadInputClasses {
  /** Option values that are numbers, by their {@code --help} placeholder. */
  static final Set<String> NUMERIC =
      Set.of("N", "PORT", "TPS", "MS", "PCT", "BYTES", "SIZE", "SIZES", "LIST", "TIME", "SHARE");

  /** Placeholders of options that take a size in bytes. */
  static final Set<String> SIZES = Set.of("BYTES", "SIZE", "SIZES");

  /**
   * Free text a command takes as given (a label, a login name, queue names): a long one is not
   * refused, so it would start the command.
   */
  static final Set<String> FREE_TEXT =
      Set.of(
          "* --label",
          "amqp throughput --user",
          "amqp latency --user",
          "amqp throughput --base-name",
          "amqp latency --base-name",
          "ds2 load --user",
          "ds2 run --user",
          "ds2 check --user",
          "ds2 reset --user",
          "compare --names");

  /** Options a command refuses whatever their value, and what it says instead. */
  static final Map<String, String> REFUSED_WHATEVER_THE_VALUE =
      Map.of(
          "jmeter run --duration", "a JMeter plan sets its own timing",
          "jmeter run --warmup", "a JMeter plan sets its own timing",
          "jmeter run --interval", "a JMeter plan sets its own timing",
          "net crr --udp-timeout", "--udp-timeout: applies to --protocol udp only");

  /** A value no message may echo whole, and each option's check must refuse. */
  static final String LONG = "9".repeat(10_000);

  /** An argument longer than any the command line takes: refused before it is parsed. */
  static final String HUGE = "9".repeat(100_000);

  private static Path dir;
  private static Path fifo;

  private BadInputClasses() {}

  /**
   * Makes the files the cases name, once, in {@code where}: again when the directory they were made
   * in is gone (another test class's temporary directory, removed when that class finished).
   */
  public static synchronized void files(Path where) throws IOException {
    if (dir != null && Files.isDirectory(dir)) {
      return;
    }
    dir = where;
    fifo = where.resolve("fifo");
    try {
      Process p = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
      if (p.waitFor() != 0) {
        throw new IOException("mkfifo " + fifo + " exited " + p.exitValue());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException(e);
    }
    Files.write(where.resolve("big-secret"), new byte[10_000]);
    Files.createDirectories(where.resolve("a-directory"));
    Files.writeString(where.resolve("store"), "not a key store\n");
    Files.writeString(where.resolve("huge-testbed.json"), "{\"machines\": {\"count\": 1e999}}");
    Files.writeString(
        where.resolve("huge-result.json"),
        "{\"workload\": \"net rr\", \"status\": \"ok\",\n \"totals\": {\"count\": "
            + "9".repeat(30)
            + "}}");
    Files.writeString(
        where.resolve("huge-jmh.json"),
        "[{\"benchmark\": \"a.B.c\", \"mode\": \"thrpt\", \"primaryMetric\": {\"score\": "
            + "9".repeat(1200)
            + "}}]");
    Path campaign = Files.createDirectories(where.resolve("huge-campaign"));
    Files.writeString(
        campaign.resolve("campaign.json"),
        "{\"campaign\": \"c\", \"status\": \"complete\", \"runs\": [{\"id\": \"a/1\","
            + " \"seconds\": 1e999}]}");
  }

  /** The directory the cases' files are in (null before {@link #files}). */
  public static Path dir() {
    return dir;
  }

  /** The named pipe the cases use. */
  static Path fifo() {
    return fifo;
  }

  private static Arguments c(String expect, String... args) {
    String label = String.join(" ", args);
    return Arguments.of(args, expect, label.length() > 120 ? label.substring(0, 119) + "…" : label);
  }

  private static String name(CommandTable.Entry e) {
    return String.join(" ", e.path());
  }

  /**
   * What a command needs to get as far as checking {@code option}: its operand (a file that does
   * not exist), and the options the option depends on.
   */
  private static String[] needs(CommandTable.Entry e, Option option) {
    return needs(e, option.getLongOpt());
  }

  private static String[] needs(CommandTable.Entry e, String option) {
    List<String> args = new ArrayList<>();
    if (e.operand() != null) {
      args.add(dir.resolve("absent").toString());
    }
    if (option.equals("udp-timeout") && !name(e).equals("net crr")) {
      args.addAll(List.of("--protocol", "udp"));
    }
    if (name(e).equals("ds2 generate") && !option.equals("out")) {
      args.addAll(List.of("--out", dir.resolve("generated").toString()));
    }
    return args.toArray(String[]::new);
  }

  private static String[] concat(String[] a, String... b) {
    String[] all = new String[a.length + b.length];
    System.arraycopy(a, 0, all, 0, a.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }

  /** A secret file that is a pipe, a device, a directory or too large: refused at once. */
  static Stream<Arguments> secretFiles() {
    List<Arguments> all = new ArrayList<>();
    String store = dir.resolve("store").toString();
    for (CommandTable.Entry e : CommandTable.all()) {
      for (Option o : e.valueOptions()) {
        if (!o.getLongOpt().endsWith("password-file")) {
          continue;
        }
        String opt = "--" + o.getLongOpt();
        // The store a store password belongs to, so the file is the only problem.
        String[] companion =
            switch (o.getLongOpt()) {
              case "trust-store-password-file" -> new String[] {"--trust-store", store};
              case "tls-keystore-password-file" -> new String[] {"--tls-keystore", store};
              default -> new String[0];
            };
        for (String bad :
            new String[] {
              fifo.toString(),
              "/dev/zero",
              dir.resolve("a-directory").toString(),
              dir.resolve("big-secret").toString()
            }) {
          all.add(c(opt + ": ", concat(e.with(companion), opt, bad)));
        }
      }
    }
    return all.stream();
  }

  /** A number written with Arabic-Indic digits (١٠ is 10): refused, the message says why. */
  static Stream<Arguments> otherDigits() {
    List<Arguments> all = new ArrayList<>();
    for (CommandTable.Entry e : CommandTable.all()) {
      for (Option o : e.valueOptions()) {
        if (NUMERIC.contains(o.getArgName())) {
          String opt = "--" + o.getLongOpt();
          all.add(
              c(
                  REFUSED_WHATEVER_THE_VALUE.getOrDefault(name(e) + " " + opt, "0-9"),
                  concat(e.with(needs(e, o)), opt, "١٠")));
        }
      }
    }
    return all.stream();
  }

  /**
   * A value of 10,000 characters: refused by the option's own check, and echoed (if at all) cut to
   * a readable length; one of 100,000 characters is refused before the command line is parsed.
   */
  static Stream<Arguments> longValues() {
    List<Arguments> all = new ArrayList<>();
    for (CommandTable.Entry e : CommandTable.all()) {
      for (Option o : e.valueOptions()) {
        String opt = "--" + o.getLongOpt();
        if (FREE_TEXT.contains(name(e) + " " + opt) || FREE_TEXT.contains("* " + opt)) {
          continue;
        }
        all.add(c("", concat(e.with(needs(e, o)), opt, LONG)));
        if (NUMERIC.contains(o.getArgName())) {
          all.add(c("", concat(e.with(needs(e, o)), opt, "-" + LONG)));
        }
      }
      if (e.operand() != null) {
        all.add(c("", e.with(LONG)));
      }
      all.add(c("unknown option", e.with("--" + LONG)));
      if (e.valueOptions().isEmpty()) {
        all.add(c("(100000 characters)' is longer than any", e.with(HUGE)));
      } else {
        String first = "--" + e.valueOptions().get(0).getLongOpt();
        all.add(c(first + ": the value has 100000 characters", e.with(first, HUGE)));
        all.add(c(first + ": the value has 100001 characters", e.with(first, "-" + HUGE)));
      }
    }
    return all.stream();
  }

  /** Aliases: a bad value is named as the user typed it; both names at once are refused. */
  static Stream<Arguments> aliases() {
    return Stream.of(
        c("--report-frequency: ", "amqp", "latency", "--report-frequency", "5"),
        c("--report-frequency: ", "amqp", "latency", "--report-frequency", "abc"),
        c("--report-frequency: ", "amqp", "latency", "--report-frequency", "١٠"),
        c(
            "--report-frequency: is another name for --interval",
            "amqp",
            "latency",
            "--report-frequency",
            "500",
            "--interval",
            "1s"),
        c("--interval: ", "amqp", "latency", "--interval", "5ms"),
        c("--run-time: ", "ds2", "run", "--run-time", "abc"),
        c("--run-time: ", "ds2", "run", "--run-time", "١٠s"),
        c(
            "--run-time: is another name for --duration",
            "ds2",
            "run",
            "--run-time",
            "1s",
            "--duration",
            "2s"));
  }

  /** A size far beyond what fits: the message says it is too large, not that it is no size. */
  static Stream<Arguments> sizesTooLarge() {
    List<Arguments> all = new ArrayList<>();
    for (CommandTable.Entry e : CommandTable.all()) {
      for (Option o : e.valueOptions()) {
        if (SIZES.contains(o.getArgName())) {
          String value = o.getLongOpt().equals("db-size") ? "99999GB" : "999999999999G";
          all.add(c("too large", concat(e.with(needs(e, o)), "--" + o.getLongOpt(), value)));
        }
      }
    }
    return all.stream();
  }

  /** A JSON file whose number no figure holds: refused naming the field, not "not JSON". */
  static Stream<Arguments> jsonNumbersOutOfRange() {
    List<Arguments> all = new ArrayList<>();
    String testbed = dir.resolve("huge-testbed.json").toString();
    for (CommandTable.Entry e : CommandTable.all()) {
      // jmeter run checks its plan and finds JMeter before its files: covered by the others.
      if (e.runsLoad() && !name(e).equals("jmeter run")) {
        all.add(c("machines.count", e.with("--testbed", testbed)));
      }
    }
    String result = dir.resolve("huge-result.json").toString();
    all.add(c("totals.count", "compare", result, result));
    all.add(c("primaryMetric.score", "report", "--jmh", dir.resolve("huge-jmh.json").toString()));
    all.add(c("seconds", "campaign", "report", dir.resolve("huge-campaign").toString()));
    return all.stream();
  }

  /**
   * One case for each way an option's description ({@link OptionSpec}) says its value can be wrong,
   * over every command: an unknown option, each option that takes a value given none, a number
   * below its least or above its greatest, a number that is none, a duration or size that is none,
   * a file to read that does not exist. Each case is only the command line: the golden test records
   * what the command says to it.
   */
  public static List<String[]> fromDescriptions() {
    List<String[]> all = new ArrayList<>();
    for (CommandTable.Entry e : CommandTable.all()) {
      all.add(concat(e.with(needs(e, "")), "--no-such-option"));
      for (OptionSpec s : Main.optionsOf(name(e)).specs()) {
        if (!s.hasValue()) {
          continue;
        }
        String[] before = e.with(needs(e, s.name()));
        String opt = "--" + s.name();
        if (s.kind() != OptionSpec.Kind.OPTIONAL_VALUE) {
          all.add(concat(before, opt));
        }
        for (String bad : badValues(s)) {
          all.add(concat(before, opt, bad));
        }
      }
    }
    return all;
  }

  /** The wrong values an option's description implies. */
  private static List<String> badValues(OptionSpec s) {
    List<String> bad = new ArrayList<>();
    if (s.range() != null) {
      if (s.range().min() > Long.MIN_VALUE) {
        bad.add(String.valueOf(s.range().min() - 1));
      }
      if (s.range().max() < Long.MAX_VALUE) {
        bad.add(String.valueOf(s.range().max() + 1));
      }
    }
    switch (s.type()) {
      case NUMBER -> bad.add("many");
      case DURATION -> bad.add("10 parsecs");
      case SIZE -> bad.add("12Q");
      case INPUT_FILE, PASSWORD_FILE -> bad.add(dir.resolve("no-such-file").toString());
      default -> {}
    }
    return bad;
  }
}
