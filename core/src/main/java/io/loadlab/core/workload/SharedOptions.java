package io.loadlab.core.workload;

import io.loadlab.core.live.metrics.MetricsEndpoint;
import io.loadlab.core.options.OptionSpec;
import io.loadlab.core.options.OptionSpec.Kind;
import io.loadlab.core.options.OptionSpec.Type;
import io.loadlab.core.options.OptionTable;

/**
 * The options every command of a kind shares, described once: the run options of every command that
 * runs load (with its live outputs'), and {@code --help} and {@code --debug} of every command.
 */
public final class SharedOptions {
  private SharedOptions() {}

  private static final OptionSpec METRICS_PORT =
      OptionSpec.value(
              "metrics-port",
              "PORT",
              Type.NUMBER,
              "serve the run's figures for Prometheus (OpenMetrics) at"
                  + " http://ADDRESS:PORT/metrics, and a live page at http://ADDRESS:PORT/, while"
                  + " it runs; 0 picks a free port (printed)")
          .range(0, 65535)
          .docs(
              "none",
              "serve the run's figures for Prometheus (OpenMetrics and its text format) at"
                  + " `http://ADDRESS:PORT/metrics` while it runs: per operation the last"
                  + " interval's and the run's rate, errors and latency percentiles, a latency"
                  + " histogram, the target rate and whether it was held, and the load"
                  + " generator's CPU, load and JVM pauses ([live.md](live.md)). The same endpoint"
                  + " serves a read-only live page at `http://ADDRESS:PORT/` (rate and latency per"
                  + " interval, warnings, ETA; [live.md](live.md#the-live-page)). `0` picks a free"
                  + " port (printed). A port in use is refused with exit code 2 before the run"
                  + " starts");

  private static final OptionSpec METRICS_ADDRESS =
      OptionSpec.value(
              "metrics-address",
              "ADDRESS",
              Type.TEXT,
              "the address --metrics-port listens on (default "
                  + MetricsEndpoint.DEFAULT_ADDRESS
                  + ": this machine only)")
          .defaultValue(MetricsEndpoint.DEFAULT_ADDRESS)
          .docs(
              "`" + MetricsEndpoint.DEFAULT_ADDRESS + "`",
              "the address `--metrics-port` listens on: loopback unless told otherwise, e.g."
                  + " `0.0.0.0` for a Prometheus on another machine (the endpoint is read-only)");

  private static final OptionSpec METRICS_LABEL =
      OptionSpec.value(
              "metrics-label",
              "NAME=VALUE",
              Type.TEXT,
              "a label on every live series, e.g. campaign=nightly or machine=client1; repeat for"
                  + " several")
          .kind(Kind.KEYED)
          .docs(
              "none",
              "a label added to every series of `--metrics-port`, e.g. `campaign=nightly`,"
                  + " `configuration=bridge`, `step=client`, `point=users-8`, `machine=client1`;"
                  + " repeat for several. Names are lower-case letters, digits and `_`;"
                  + " `workload` and `operation` are set by the run itself. Values are masked"
                  + " like command lines, so a secret never reaches a label");

  private static final OptionSpec INFLUX =
      OptionSpec.value(
              "influx",
              "URL",
              Type.TEXT,
              "write each interval to InfluxDB 1.x in JMeter's Backend Listener schema, e.g."
                  + " http://127.0.0.1:8086/write?db=jmeter")
          .docs(
              "none",
              "write each interval to InfluxDB 1.x over HTTP, in the schema of JMeter's Backend"
                  + " Listener (`InfluxdbBackendListenerClient`: measurement `jmeter`, tags"
                  + " `application`, `transaction`, `statut`), so a Grafana dashboard built for"
                  + " JMeter shows the run ([live.md](live.md#influxdb-jmeters-schema---influx)):"
                  + " the URL JMeter's `influxdbUrl` takes, e.g."
                  + " `http://127.0.0.1:8086/write?db=jmeter` (the database must exist). An"
                  + " InfluxDB that is down or goes away is said once; the run goes on and its"
                  + " points are sent when it answers. No password in the URL (it would show in"
                  + " the process list). With `jmeter run`, any plan's samples, read from its"
                  + " results file as JMeter writes it"
                  + " ([live.md](live.md#a-run-through-jmeters-samplers))");

  private static final OptionSpec INFLUX_APPLICATION =
      OptionSpec.value(
              "influx-application",
              "NAME",
              Type.TEXT,
              "the application tag of --influx's points (default loadlab)")
          .defaultValue("loadlab")
          .docs(
              "`loadlab`",
              "the `application` tag of `--influx`'s points (JMeter's `application` parameter);"
                  + " the labels of `--metrics-label` and `workload` are tags too");

  /** The live outputs' options, in the order their help lines show. */
  public static final OptionTable LIVE =
      OptionTable.of(METRICS_PORT, METRICS_ADDRESS, METRICS_LABEL, INFLUX, INFLUX_APPLICATION);

  /** The options every load-running command shares. */
  public static final OptionTable RUN =
      OptionTable.of(
              OptionSpec.value(
                      "duration",
                      "TIME",
                      Type.DURATION,
                      "how long to measure, e.g. 60s, 15m (default per command)")
                  .docs("per command", "how long to measure (after warmup)"),
              OptionSpec.value(
                      "warmup",
                      "TIME",
                      Type.DURATION,
                      "run this long first, left out of the figures (default 0s)")
                  .defaultValue("0s")
                  .docs(
                      "`0s`",
                      "run this long first; warmup intervals are reported but left out of the totals"),
              OptionSpec.value(
                      "interval", "TIME", Type.DURATION, "reporting interval (default per command)")
                  .docs(
                      "per command (`1s`; DS2 `10s`)",
                      "reporting interval: one progress line and one row per operation per interval"),
              OptionSpec.value(
                      "output",
                      "DIR",
                      Type.OUTPUT,
                      "directory for the result files (default results/<time>-<workload>)")
                  .docs(
                      "`results/<yyyyMMdd-HHmmss>-<workload>` (a new directory; `-2`, `-3`, ... is"
                          + " added if another run took the name)",
                      "directory for `result.json`, `intervals.csv`, `histograms.hlog`, `summary.md`")
                  .setByCampaign(),
              OptionSpec.value("label", "TEXT", Type.TEXT, "a label recorded with the results")
                  .docs("none", "a label recorded with the results"),
              OptionSpec.value(
                      "json",
                      "FILE",
                      Type.OUTPUT,
                      "also write the JSON result here (the run directory keeps its own)")
                  .docs(
                      "none",
                      "also write the JSON result here: an extra copy, the run directory keeps its"
                          + " `result.json`")
                  .setByCampaign(),
              OptionSpec.value(
                      "csv",
                      "FILE",
                      Type.OUTPUT,
                      "also write the interval CSV here (the run directory keeps its own); without"
                          + " FILE, print it instead of progress lines")
                  .kind(OptionSpec.Kind.OPTIONAL_VALUE)
                  .docs(
                      "none",
                      "also write the interval CSV here (the run directory keeps its"
                          + " `intervals.csv`); with no FILE, print CSV rows on standard output"
                          + " instead of progress lines")
                  .setByCampaign(),
              OptionSpec.value(
                      "jtl",
                      "FILE",
                      Type.OUTPUT,
                      "write a JMeter CSV results file, one row per sample")
                  .docs("none", "write a JMeter CSV results file, one row per sample")
                  .setByCampaign(),
              OptionSpec.value(
                      "hlog", "FILE", Type.OUTPUT, "write the HdrHistogram interval log here too")
                  .docs(
                      "none",
                      "also write the HdrHistogram interval log here (the run directory keeps its"
                          + " own)")
                  .setByCampaign(),
              OptionSpec.value(
                      "markdown", "FILE", Type.OUTPUT, "write the Markdown summary here too")
                  .docs(
                      "none",
                      "also write the Markdown summary here (the run directory keeps its own)")
                  .setByCampaign(),
              // Read where the run runs; a campaign names a lab's own (lab.json) and copies none.
              OptionSpec.value(
                      "testbed",
                      "FILE",
                      Type.TEXT,
                      "record this testbed description (JSON from 'provision status --describe' or"
                          + " a lab's lab.json) with the results")
                  .docs(
                      "none",
                      "record this testbed (a JSON object: `loadlab provision status --describe"
                          + " testbed.yaml > tb.json`, or a lab's `lab.json`) in the result's"
                          + " `testbed` field, so a report says what the run ran on"),
              OptionSpec.flag("quiet", "print only the summary")
                  .docs("off", "print only the final summary")
                  .setByCampaign(),
              OptionSpec.value(
                      "rate-tolerance",
                      "SHARE",
                      Type.TEXT,
                      "with a target rate, the share of it a run must achieve, e.g. 95% or 0.95"
                          + " (default 95%); below it the run fails with 'rate not held'")
                  .defaultValue("95%")
                  .docs(
                      "`95%`",
                      "with a target rate (`net rr/crr --rate`, `amqp latency --rate`), the share of"
                          + " it the run must achieve over its measured window, as a percentage"
                          + " (`90%`) or a fraction (`0.9`), more than 0 and at most 100%; below it"
                          + " the run ends `failed`, exit code 1, reason `rate not held: 1,325 of"
                          + " 5,000 msg/s (26%)` (see [Target rates](#target-rates))"),
              OptionSpec.value(
                      "criteria",
                      "LIST",
                      Type.TEXT,
                      "pass/fail criteria, e.g. 'p99Us<=2000,errors==0' or 'purchase:p99Ms<5'; a"
                          + " failed one fails the run (exit 1); repeat or separate by commas")
                  .kind(OptionSpec.Kind.REPEATABLE)
                  .docs(
                      "none",
                      "pass/fail criteria, e.g. `'p99Us<=2000,errors==0'`; repeat the option or"
                          + " separate criteria by commas. A criterion that fails makes the run"
                          + " `failed` (exit code 1). See [Pass/fail"
                          + " criteria](#passfail-criteria---criteria)"),
              OptionSpec.value(
                      "junit",
                      "FILE",
                      Type.OUTPUT,
                      "write the run's status, rate checks and criteria as JUnit XML here, for CI")
                  .docs(
                      "none",
                      "write the run as JUnit XML for CI (Jenkins, GitLab, GitHub test reports): a"
                          + " test case for the run's status, each rate check and each criterion."
                          + " Two layouts, as no one file satisfies both schemas CI tools check:"
                          + " `FILE` in the Ant layout (strict Ant JUnit schema), and beside it a"
                          + " directory named as `FILE` without `.xml` (`junit.xml`: `junit/`) with a"
                          + " `TEST-loadlab-<suite>.xml` per suite in Maven Surefire's layout; point CI"
                          + " at one of them"
                          + " ([results-format.md](results-format.md#junit-xml---junit-file))")
                  .setByCampaign())
          .plus(LIVE);

  /** {@code --help}: every command has it. */
  public static final OptionSpec HELP =
      OptionSpec.flag("help", "show this help")
          .docs("", "the command's options (every command)")
          .setByCampaign();

  /** {@code --debug}: every command has it. */
  public static final OptionSpec DEBUG =
      OptionSpec.flag("debug", "show stack traces and debug logging")
          .docs("off", "show stack traces and debug logging (every command)")
          .setByCampaign();

  /** {@code --help} and {@code --debug}, in this order. */
  public static final OptionTable EVERY_COMMAND = OptionTable.of(HELP, DEBUG);

  /** A server's {@code --port}, its default {@code defaultPort}; {@code 0} picks a free one. */
  public static OptionSpec serverPort(int defaultPort) {
    return OptionSpec.value(
            "port", "PORT", Type.NUMBER, "port (default " + defaultPort + "; 0 picks a free one)")
        .docs(
            "`" + defaultPort + "`",
            "port; a port in use is refused (exit 2); `0` picks a free one and prints it");
  }

  /** A server's {@code --duration}: it serves until stopped unless given. */
  public static final OptionSpec SERVER_DURATION =
      OptionSpec.value("duration", "TIME", Type.DURATION, "stop after this long (default: Ctrl-C)")
          .docs("until Ctrl-C", "stop after this long");

  /** A server's {@code --data-dir}, with its help; its docs row is the server's own. */
  public static OptionSpec serverDataDir(String help) {
    return OptionSpec.value("data-dir", "DIR", Type.DIRECTORY, help);
  }
}
