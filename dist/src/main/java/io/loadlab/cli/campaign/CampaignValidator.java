package io.loadlab.cli.campaign;

import io.loadlab.cli.Main;
import io.loadlab.core.failure.UsageException;
import io.loadlab.provision.lab.Lab;
import io.loadlab.provision.lab.LabFile;
import io.loadlab.provision.testbed.Testbed;
import io.loadlab.provision.testbed.TestbedFile;
import io.loadlab.provision.testbed.YamlFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.cli.Options;

/**
 * Reads a campaign file and checks all of it before anything runs. Every problem is one line naming
 * the file, the field and the fix; all of them are reported together as one {@link UsageException}.
 * Step options are checked by the command line's own parsing and checks ({@link Main#check}) for
 * every configuration and sweep point, so a campaign refuses exactly what {@code loadlab <command>}
 * would.
 */
public final class CampaignValidator {
  /** Run options the campaign sets itself for each run. */
  static final Set<String> RESERVED =
      Set.of("output", "json", "csv", "jtl", "hlog", "markdown", "quiet", "help", "debug");

  /** Headline figures every run has (of its step's operation). */
  static final List<String> BASIC_FIGURES =
      List.of(
          "rate",
          "count",
          "errors",
          "bytesPerSec",
          "meanUs",
          "p50Us",
          "p90Us",
          "p99Us",
          "p999Us",
          "maxUs",
          "cpuUsPerOp");

  private static final Pattern VAR = Pattern.compile("\\$\\{([^}]*)}");
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

  private final Path file;
  private final String at;
  private final List<String> problems = new ArrayList<>();
  private final Map<String, Testbed> testbeds = new LinkedHashMap<>();

  private CampaignValidator(Path file) {
    this.file = file;
    this.at = file + ": ";
  }

  /** Reads and checks {@code file}; throws a {@link UsageException} listing every problem. */
  public static Campaign read(Path file) {
    CampaignSpec spec = YamlFiles.read(file, CampaignSpec.class);
    CampaignValidator v = new CampaignValidator(file);
    Campaign c = v.check(spec);
    if (!v.problems.isEmpty()) {
      throw new UsageException(String.join("\n", new LinkedHashSet<>(v.problems)));
    }
    return c;
  }

  private void problem(String field, String text) {
    problems.add(at + field + ": " + text);
  }

  private Campaign check(CampaignSpec spec) {
    String name = spec.name();
    if (name == null || name.isBlank()) {
      problem("name", "missing; give the campaign a short name, e.g. amqp-sriov");
    } else if (!NAME.matcher(name).matches()) {
      problem("name", "'" + name + "' must be 1-64 of letters, digits, '.', '_' and '-'");
    }
    Iterations iterations = iterations("iterations", spec.iterations(), Iterations.fixed(3));
    ReportRule rule = ReportRule.MEDIAN_STDDEV;
    if (spec.report() != null) {
      rule = ReportRule.parse(spec.report());
      if (rule == null) {
        problem(
            "report", "'" + spec.report() + "' is unknown; use median-stddev, median, best or all");
      }
    }
    boolean stop = false;
    if (spec.onFailure() != null) {
      switch (spec.onFailure().trim().toLowerCase(Locale.ROOT)) {
        case "stop" -> stop = true;
        case "continue" -> stop = false;
        default ->
            problem("on-failure", "'" + spec.onFailure() + "' is unknown; use continue or stop");
      }
    }
    List<Campaign.Configuration> configurations = configurations(spec);
    String baseline = configurations.isEmpty() ? null : configurations.get(0).name();
    if (spec.baseline() != null) {
      baseline = spec.baseline();
      Set<String> names = new LinkedHashSet<>();
      configurations.forEach(c -> names.add(c.name()));
      if (!names.contains(baseline) && !configurations.isEmpty()) {
        problem("baseline", "'" + baseline + "' is not a configuration; use one of " + names);
      }
    }
    List<Campaign.Step> steps = new ArrayList<>();
    if (spec.steps().isEmpty()) {
      problem(
          "steps", "none; give at least one step, e.g. {run: net rr, options: {duration: 10s}}");
    }
    Set<String> stepNames = new HashSet<>();
    for (int i = 0; i < spec.steps().size(); i++) {
      Campaign.Step s = step("steps[" + i + "]", spec.steps().get(i), iterations, configurations);
      if (s != null) {
        if (!stepNames.add(s.name())) {
          problem(
              "steps[" + i + "].name",
              "'" + s.name() + "' is used twice; give each step its own name");
        }
        steps.add(s);
      }
    }
    return new Campaign(
        file.toAbsolutePath(),
        name,
        spec.description(),
        iterations,
        rule,
        stop,
        baseline,
        configurations,
        steps);
  }

  private List<Campaign.Configuration> configurations(CampaignSpec spec) {
    List<Campaign.Configuration> out = new ArrayList<>();
    if (spec.configurations().isEmpty()) {
      out.add(
          new Campaign.Configuration(
              "here", Campaign.Kind.NONE, null, true, Map.of(), null, Set.of(), List.of()));
      return out;
    }
    Set<String> names = new HashSet<>();
    for (int i = 0; i < spec.configurations().size(); i++) {
      CampaignSpec.ConfigurationSpec c = spec.configurations().get(i);
      String f = "configurations[" + i + "]";
      if (c == null) {
        problem(f, "empty; give at least a name");
        continue;
      }
      if (c.name() == null || !NAME.matcher(c.name()).matches()) {
        problem(
            f + ".name",
            (c.name() == null ? "missing" : "'" + c.name() + "' is not a name")
                + "; use 1-64 of letters, digits, '.', '_' and '-', e.g. bridged");
        continue;
      }
      if (!names.add(c.name())) {
        problem(
            f + ".name", "'" + c.name() + "' is used twice; give each configuration its own name");
      }
      Map<String, String> vars = new LinkedHashMap<>();
      c.vars().forEach((k, v) -> vars.put(k, scalar(f + ".vars." + k, v)));
      boolean keep = Boolean.TRUE.equals(c.keep());
      if (c.testbed() != null && c.lab() != null) {
        problem(f, "has both testbed and lab; give one of them (or neither for this machine)");
      } else if (c.testbed() != null) {
        Path tb = resolve(c.testbed());
        Set<String> machines = new LinkedHashSet<>();
        Map<String, String> jmeterServers = Map.of();
        try {
          Testbed t = TestbedFile.read(tb);
          testbeds.put(c.name(), t);
          machines.addAll(t.hosts().keySet());
          machines.addAll(t.guests().keySet());
          jmeterServers = JmeterSteps.servers(t, tb);
        } catch (UsageException e) {
          problem(f + ".testbed", firstLine(e.getMessage()));
        }
        out.add(
            withServices(
                f,
                c,
                new Campaign.Configuration(
                    c.name(),
                    Campaign.Kind.TESTBED,
                    tb,
                    keep,
                    vars,
                    null,
                    machines,
                    List.of(),
                    jmeterServers)));
        continue;
      } else if (c.lab() != null) {
        Path lf = resolve(c.lab());
        String labName = null;
        Set<String> machines = new LinkedHashSet<>();
        try {
          Lab lab = LabFile.read(lf);
          labName = lab.name();
          machines.addAll(lab.hosts().keySet());
        } catch (UsageException e) {
          problem(f + ".lab", firstLine(e.getMessage()));
        }
        out.add(
            withServices(
                f,
                c,
                new Campaign.Configuration(
                    c.name(), Campaign.Kind.LAB, lf, keep, vars, labName, machines, List.of())));
        continue;
      }
      out.add(
          withServices(
              f,
              c,
              new Campaign.Configuration(
                  c.name(), Campaign.Kind.NONE, null, true, vars, null, Set.of(), List.of())));
    }
    return out;
  }

  private Campaign.Configuration withServices(
      String f, CampaignSpec.ConfigurationSpec spec, Campaign.Configuration c) {
    List<Campaign.Service> services = new ArrayList<>();
    int nServices = spec.services().size();
    for (int i = 0; i < nServices + spec.setup().size(); i++) {
      boolean setup = i >= nServices;
      CampaignSpec.ServiceSpec s = setup ? spec.setup().get(i - nServices) : spec.services().get(i);
      String sf = f + (setup ? ".setup[" + (i - nServices) + "]" : ".services[" + i + "]");
      if (setup && s != null && s.readyPort() != null) {
        problem(sf + ".ready-port", "setup commands run to their end; remove ready-port");
      }
      if (s == null || s.run() == null || s.run().isBlank()) {
        problem(sf + ".run", "missing; name the loadlab server command, e.g. net serve or broker");
        continue;
      }
      String command = String.join(" ", s.run().trim().split("\\s+"));
      Options options = Main.optionsOf(command);
      if (options == null) {
        problem(
            sf + ".run",
            "'" + command + "' is not a loadlab command; use e.g. net serve or broker");
        continue;
      }
      if (s.readyPort() != null && (s.readyPort() < 1 || s.readyPort() > 65535)) {
        problem(sf + ".ready-port", s.readyPort() + " is not a port; use 1-65535");
      }
      if (s.on() != null && c.kind() == Campaign.Kind.NONE) {
        problem(
            sf + ".on",
            "'"
                + s.on()
                + "': configuration "
                + c.name()
                + " has no testbed or lab;"
                + " remove on to start it here");
      } else if (s.on() != null && !c.machines().isEmpty() && !c.machines().contains(s.on())) {
        problem(
            sf + ".on",
            "'"
                + s.on()
                + "' is not a machine of configuration "
                + c.name()
                + "; use one of "
                + c.machines());
      } else if (s.on() != null && c.kind() == Campaign.Kind.TESTBED) {
        problem(
            sf + ".on",
            "'"
                + s.on()
                + "': testbed machines start servers through the"
                + " testbed's roles; give this one as a role in the testbed file");
      }
      Map<String, String> opts = optionMap(sf + ".options", command, options, s.options());
      List<String> args = new ArrayList<>(List.of(command.split(" ")));
      try {
        opts.forEach(
            (k, v) -> {
              args.add("--" + k);
              if (!v.isEmpty()) {
                args.add(substitute(v, c));
              }
            });
        Main.check(args);
      } catch (UsageException e) {
        problem(
            sf + ".options", "loadlab " + command + " refuses it: " + firstLine(e.getMessage()));
        continue;
      }
      services.add(
          new Campaign.Service(
              s.on(),
              args,
              setup ? Campaign.Service.TO_COMPLETION : s.readyPort() == null ? 0 : s.readyPort()));
    }
    return new Campaign.Configuration(
        c.name(),
        c.kind(),
        c.file(),
        c.keep(),
        c.vars(),
        c.labName(),
        c.machines(),
        services,
        c.jmeterServers());
  }

  private Campaign.Step step(
      String f,
      CampaignSpec.StepSpec s,
      Iterations defaults,
      List<Campaign.Configuration> configs) {
    if (s == null) {
      problem(f, "empty; give at least run, e.g. run: net rr");
      return null;
    }
    if (s.run() == null || s.run().isBlank()) {
      problem(f + ".run", "missing; name the loadlab command, e.g. net rr or amqp latency");
      return null;
    }
    String command = String.join(" ", s.run().trim().split("\\s+"));
    Options options = Main.optionsOf(command);
    if (options == null || !Main.runsLoad(command)) {
      problem(
          f + ".run",
          "'"
              + command
              + "' is not a loadlab load command; use e.g. net rr, amqp"
              + " throughput, amqp latency or ds2 run (see loadlab --help)");
      return null;
    }
    String name = s.name() != null ? s.name() : command.substring(command.lastIndexOf(' ') + 1);
    if (!NAME.matcher(name).matches()) {
      problem(f + ".name", "'" + name + "' must be 1-64 of letters, digits, '.', '_' and '-'");
    }
    Map<String, String> opts = localFiles(optionMap(f + ".options", command, options, s.options()));
    if (JmeterSteps.isJmeter(command)) {
      jmeterStep(f, s, opts);
    }
    LinkedHashMap<String, List<String>> sweep = new LinkedHashMap<>();
    s.sweep()
        .forEach(
            (key, values) -> {
              String k = f + ".sweep." + key;
              if (!hasOption(options, key)) {
                problem(
                    k,
                    command
                        + " has no option --"
                        + key
                        + "; sweep one of its options (see loadlab "
                        + command
                        + " --help)");
              } else if (RESERVED.contains(key)) {
                problem(k, "the campaign sets --" + key + " itself; sweep another option");
              } else if (opts.containsKey(key)) {
                problem(k, "--" + key + " is also in options; give it in one place");
              } else if (!(values instanceof List<?> list) || list.isEmpty()) {
                problem(k, "give a list of values, e.g. [8, 64, 1024]");
              } else {
                List<String> vs = new ArrayList<>();
                for (Object v : list) {
                  vs.add(scalar(k, v));
                }
                if (new HashSet<>(vs).size() != vs.size()) {
                  problem(k, "a value is listed twice; list each once");
                }
                sweep.put(key, vs);
              }
            });
    Iterations iterations = iterations(f + ".iterations", s.iterations(), defaults);
    List<Campaign.Client> clients = new ArrayList<>();
    if (!s.on().isEmpty() && !s.clients().isEmpty()) {
      problem(f + ".on", "give either on or clients, not both");
    }
    for (String m : s.on()) {
      clients.add(new Campaign.Client(m, Map.of()));
    }
    for (int i = 0; i < s.clients().size(); i++) {
      CampaignSpec.ClientSpec c = s.clients().get(i);
      String cf = f + ".clients[" + i + "]";
      if (c == null || c.on() == null) {
        problem(cf + ".on", "missing; name the machine this client runs on");
        continue;
      }
      clients.add(
          new Campaign.Client(
              c.on(), localFiles(optionMap(cf + ".options", command, options, c.options()))));
    }
    if (clients.isEmpty()) {
      clients.add(new Campaign.Client(null, Map.of()));
    }
    List<String> figures = s.figures().isEmpty() ? List.of("rate", "p50Us", "p99Us") : s.figures();
    for (String fig : figures) {
      if (fig == null || !fig.matches("[A-Za-z][A-Za-z0-9]*")) {
        problem(
            f + ".figures",
            "'"
                + fig
                + "' is not a figure; use "
                + BASIC_FIGURES
                + " or a workload figure such as opm or transfersPerSec");
      }
    }
    for (int i = 0; i < s.bestOver().size(); i++) {
      String b = s.bestOver().get(i);
      if (b == null || !s.sweep().containsKey(b)) {
        problem(
            f + ".best-over[" + i + "]",
            "'"
                + b
                + "' is not swept in this step; name options of its sweep "
                + s.sweep().keySet());
      }
    }
    if (!s.bestOver().isEmpty() && new HashSet<>(s.bestOver()).size() != s.bestOver().size()) {
      problem(f + ".best-over", "an option is listed twice; list each once");
    }
    Campaign.Step step =
        new Campaign.Step(
            name, command, opts, sweep, iterations, clients, s.operation(), figures, s.bestOver());
    for (Campaign.Configuration c : configs) {
      checkMachines(f, step, c);
      checkRuns(f, step, c);
    }
    return step;
  }

  /**
   * A JMeter plan step: its controller runs here (its load goes to jmeter-server machines through
   * options.remote, not on), and its files here are relative to the campaign file.
   */
  private void jmeterStep(String f, CampaignSpec.StepSpec s, Map<String, String> opts) {
    if (!s.on().isEmpty() || !s.clients().isEmpty()) {
      problem(
          f + (s.on().isEmpty() ? ".clients" : ".on"),
          "a JMeter plan step runs here and puts its load on jmeter-server machines through"
              + " JMeter's -R; name them in options.remote instead");
    }
    for (String key : JmeterSteps.LOCAL_FILES) {
      String v = opts.get(key);
      if (v != null && !v.contains("${")) {
        opts.put(key, resolve(v).toString());
      }
    }
    String home = opts.get("jmeter");
    if (home != null && home.contains("/") && !home.contains("${")) {
      // A JMeter home written relative to the campaign file, e.g. ../apache-jmeter-5.6.3
      Path p = resolve(home);
      if (java.nio.file.Files.exists(p)) {
        opts.put("jmeter", p.toString());
      }
    }
  }

  /**
   * Files the command reads, written relative to the campaign file: named by their path here when
   * they exist there (then copied to a testbed machine a step runs on), else left as written.
   */
  private Map<String, String> localFiles(Map<String, String> opts) {
    opts.replaceAll(
        (key, v) -> {
          if (!StepFiles.isInput(key) || v.isEmpty() || v.contains("${")) {
            return v;
          }
          Path p = resolve(v);
          return java.nio.file.Files.isRegularFile(p) ? p.toString() : v;
        });
    return opts;
  }

  private void checkMachines(String step0, Campaign.Step step, Campaign.Configuration c) {
    String remote = step.options().get("remote");
    if (JmeterSteps.isJmeter(step.command()) && remote != null) {
      String why = JmeterSteps.remoteProblem(substituteOrSelf(remote, c), c);
      if (why != null) {
        problem(step0 + ".options.remote", why);
      }
    }
    boolean fromOn = step.clients().stream().allMatch(x -> x.options().isEmpty());
    for (int i = 0; i < step.clients().size(); i++) {
      String m = step.clients().get(i).machine();
      if (m == null) {
        continue;
      }
      // Named as written: steps[0].on, or steps[0].clients[1] (whose field is on).
      String f = fromOn ? step0 : step0 + ".clients[" + i + "]";
      if (c.kind() == Campaign.Kind.NONE) {
        problem(
            f + ".on",
            "'"
                + m
                + "': configuration "
                + c.name()
                + " has no testbed or lab;"
                + " give it one, or remove on to run here");
      } else if (!c.machines().isEmpty() && !c.machines().contains(m)) {
        problem(
            f + ".on",
            "'"
                + m
                + "' is not a machine of configuration "
                + c.name()
                + "'s "
                + (c.kind() == Campaign.Kind.LAB ? "lab" : "testbed")
                + "; use one of "
                + c.machines());
      } else if (c.kind() == Campaign.Kind.TESTBED && testbeds.containsKey(c.name())) {
        Set<String> installed = TestbedMachines.installedOn(testbeds.get(c.name()));
        if (installed != null && !installed.contains(m)) {
          problem(
              f + ".on",
              "'"
                  + m
                  + "' gets no loadlab from "
                  + c.file().getFileName()
                  + " (install goes to "
                  + installed
                  + "); add it to install.on there");
        }
      }
    }
  }

  /** Checks the step's command line for every sweep point and client, as the command would. */
  private void checkRuns(String f, Campaign.Step step, Campaign.Configuration c) {
    for (Map<String, String> point : Matrix.points(step.sweep())) {
      for (Campaign.Client client : step.clients()) {
        List<String> args;
        try {
          args = Matrix.commandLine(step, c, client, point);
        } catch (UsageException e) {
          problem(f + ".options", e.getMessage());
          return;
        }
        try {
          Main.check(args);
        } catch (UsageException e) {
          String where = point.isEmpty() ? "" : " at " + Matrix.label(point);
          problem(
              f + (point.isEmpty() ? ".options" : ".sweep"),
              "loadlab "
                  + step.command()
                  + " refuses it in configuration "
                  + c.name()
                  + where
                  + ": "
                  + firstLine(e.getMessage()));
          return;
        }
      }
    }
  }

  private Map<String, String> optionMap(
      String f, String command, Options options, Map<String, Object> given) {
    Map<String, String> out = new LinkedHashMap<>();
    given.forEach(
        (key, value) -> {
          String k = f + "." + key;
          if (value instanceof Map<?, ?> map && isKeyed(options, key)) {
            // property: {threads: 10} is property.threads: 10
            map.forEach((name, v) -> out.put(key + "." + name, scalar(k + "." + name, v)));
          } else if (!hasOption(options, key)) {
            problem(
                k, command + " has no option --" + key + "; see loadlab " + command + " --help");
          } else if (RESERVED.contains(key)) {
            problem(k, "the campaign sets --" + key + " for each run itself; remove it");
          } else if (value instanceof Boolean b) {
            if (b) {
              out.put(key, "");
            }
          } else if (value instanceof List<?> list) {
            List<String> parts = new ArrayList<>();
            list.forEach(v -> parts.add(scalar(k, v)));
            out.put(key, String.join(",", parts));
          } else {
            out.put(key, scalar(k, value));
          }
        });
    return out;
  }

  private Iterations iterations(String f, Object value, Iterations defaults) {
    if (value == null) {
      return defaults;
    }
    if (value instanceof Integer n) {
      if (n < 1 || n > 10_000) {
        problem(f, n + " is out of range; use 1 to 10000");
        return defaults;
      }
      return Iterations.fixed(n);
    }
    if (value instanceof Map<?, ?> m) {
      Set<String> known = Set.of("min", "max", "until-cv");
      for (Object k : m.keySet()) {
        if (!known.contains(String.valueOf(k))) {
          problem(f + "." + k, "unknown field; use min, max and until-cv");
          return defaults;
        }
      }
      Integer min = count(f + ".min", m.get("min"), 3);
      Integer max = count(f + ".max", m.get("max"), min == null ? 3 : min);
      Double cv = percent(f + ".until-cv", m.get("until-cv"));
      if (min == null || max == null || (m.containsKey("until-cv") && cv == null)) {
        return defaults;
      }
      if (max < min) {
        problem(f + ".max", max + " is below min " + min + "; use max >= min");
        return defaults;
      }
      if (max > min && cv == null) {
        problem(f + ".until-cv", "missing; give the target CV for adaptive runs, e.g. 3.5%");
        return defaults;
      }
      return new Iterations(min, max, cv == null ? Double.NaN : cv);
    }
    problem(
        f,
        "'"
            + value
            + "' is not a count; use a number such as 9, or {min: 3, max: 15, until-cv: 3.5%}");
    return defaults;
  }

  private Integer count(String f, Object v, int defaultValue) {
    if (v == null) {
      return defaultValue;
    }
    if (v instanceof Integer n && n >= 1 && n <= 10_000) {
      return n;
    }
    problem(f, "'" + v + "' is not a count from 1 to 10000");
    return null;
  }

  private Double percent(String f, Object v) {
    if (v == null) {
      return null;
    }
    String text = String.valueOf(v).trim();
    try {
      double d =
          Double.parseDouble(text.endsWith("%") ? text.substring(0, text.length() - 1) : text);
      if (d > 0 && d < 1000) {
        return d;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    problem(f, "'" + v + "' is not a percentage; use e.g. 3.5%");
    return null;
  }

  private String scalar(String f, Object v) {
    if (v == null || v instanceof Map || v instanceof List) {
      problem(
          f,
          "give one value (a number or text), not "
              + (v == null ? "nothing" : "a " + (v instanceof Map ? "map" : "list")));
      return "";
    }
    return String.valueOf(v);
  }

  private Path resolve(String name) {
    Path p =
        Path.of(name.startsWith("~/") ? System.getProperty("user.home") + name.substring(1) : name);
    Path dir = file.toAbsolutePath().getParent();
    return (p.isAbsolute() ? p : dir.resolve(p)).normalize();
  }

  private static boolean hasOption(Options options, String key) {
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

  private static String substituteOrSelf(String value, Campaign.Configuration c) {
    try {
      return substitute(value, c);
    } catch (UsageException e) {
      return value; // reported with the step's command line
    }
  }

  /** Fills in {@code ${var}} from the configuration's vars; unknown names are usage errors. */
  static String substitute(String value, Campaign.Configuration c) {
    Matcher m = VAR.matcher(value);
    StringBuilder sb = new StringBuilder();
    while (m.find()) {
      String key = m.group(1).trim();
      String v = key.equals("configuration") ? c.name() : c.vars().get(key);
      if (v == null) {
        throw new UsageException(
            "${"
                + key
                + "} is not a var of configuration "
                + c.name()
                + "; add it to configurations[].vars (it has "
                + c.vars().keySet()
                + ")");
      }
      m.appendReplacement(sb, Matcher.quoteReplacement(v));
    }
    m.appendTail(sb);
    return sb.toString();
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "invalid";
    }
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}
