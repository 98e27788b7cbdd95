package io.loadlab.cli.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.cli.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A campaign's report layout ({@code attributes}, {@code tables:}) is checked before anything runs:
 * each mistake is refused by {@code campaign plan} and {@code campaign run} with exit 2 and exactly
 * one line naming the field and the fix.
 */
@Timeout(60)
class LayoutValidationTest {
  @TempDir Path dir;

  private static final String CONFIGURATIONS =
      """
      name: layout
      configurations:
        - {name: n1500, attributes: {method: native, MTU: 1500}}
        - {name: n9000, attributes: {method: native, MTU: 9000}}
        - {name: v1500, attributes: {method: virtual, MTU: 1500}}
      """;

  private static final String STEPS =
      """
      steps:
        - {name: rr, run: net rr, options: {duration: 1s}, sweep: {request: [1, 64]},
           figures: [rate, p50Us]}
        - {name: stream, run: net stream, options: {duration: 1s}, figures: [bytesPerSec]}
      """;

  /** A table that is right; each case changes one thing. */
  private static final String TABLE =
      """
      tables:
        - title: TCP
          rows: [method]
          columns: MTU
          where: {request: 1}
          statistic: mean
          values:
            - {step: rr, figure: p50Us, unit: ms, label: Latency}
      """;

  static Stream<Arguments> mistakes() {
    return Stream.of(
        Arguments.of(
            "unknown factor",
            CONFIGURATIONS + STEPS + TABLE.replace("[method]", "[mtu]"),
            "tables[0].rows: unknown factor 'mtu'; use one of: method, MTU, configuration,"
                + " request"),
        Arguments.of(
            "unit that does not fit",
            CONFIGURATIONS
                + STEPS
                + TABLE
                + "      - {step: stream, figure: bytesPerSec, unit: ms}\n",
            "tables[0].values[1].unit: 'ms' does not fit bytesPerSec (a byte rate); use B/s, kB/s,"
                + " MB/s, GB/s, KiB/s, MiB/s, GiB/s, kb/s, Mb/s or Gb/s"),
        Arguments.of(
            "unknown step",
            CONFIGURATIONS + STEPS + TABLE.replace("step: rr", "step: udp"),
            "tables[0].values[0].step: 'udp' is not a step; use one of [rr, stream]"),
        Arguments.of(
            "figure the step does not have",
            CONFIGURATIONS + STEPS + TABLE.replace("figure: p50Us", "figure: opm"),
            "tables[0].values[0].figure: 'opm' is not a figure of step rr; use one of its"
                + " figures [rate, p50Us]"),
        Arguments.of(
            "unknown statistic",
            CONFIGURATIONS + STEPS + TABLE.replace("statistic: mean", "statistic: average"),
            "tables[0].statistic: 'average' is unknown; use reported, mean, median, min, max or"
                + " best"),
        Arguments.of(
            "unknown statistic of a value",
            CONFIGURATIONS + STEPS + TABLE.replace("label: Latency", "statistic: p50"),
            "tables[0].values[0].statistic: 'p50' is unknown"),
        Arguments.of(
            "unknown chart",
            CONFIGURATIONS + STEPS + TABLE.replace("statistic: mean", "chart: pie"),
            "tables[0].chart: 'pie' is unknown; use bars, lines or none"),
        Arguments.of(
            "no title",
            CONFIGURATIONS + STEPS + TABLE.replace("title: TCP", "caption: x"),
            "tables[0].title: missing"),
        Arguments.of(
            "no values",
            CONFIGURATIONS
                + STEPS
                + TABLE.substring(0, TABLE.indexOf("    values:"))
                + "    values: []\n",
            "tables[0].values: missing"),
        Arguments.of(
            "factor missing on a configuration",
            CONFIGURATIONS + "  - {name: bare, attributes: {method: bare}}\n" + STEPS + TABLE,
            "tables[0].columns: factor 'MTU' is missing on configuration bare; give it in"
                + " attributes of every configuration"),
        Arguments.of(
            "configurations gathered in one cell",
            CONFIGURATIONS + STEPS + TABLE.replace("    columns: MTU\n", ""),
            "tables[0].values[0]: configurations n1500 and n9000 fall in one cell; add"
                + " configuration (or an attribute that tells them apart) to rows or columns,"
                + " or keep one with where"),
        Arguments.of(
            "sweep points gathered in one cell",
            CONFIGURATIONS + STEPS + TABLE.replace("    where: {request: 1}\n", ""),
            "tables[0].values[0]: step rr sweeps request [1, 64] but request is in neither rows,"
                + " columns nor where; add it to rows or columns, or keep one value with where:"
                + " {request: 1}"),
        Arguments.of(
            "where a value that is not swept",
            CONFIGURATIONS + STEPS + TABLE.replace("{request: 1}", "{request: 2}"),
            "tables[0].where.request: '2' is not a value of request in step rr; use one of"
                + " [1, 64]"),
        Arguments.of(
            "factor not swept in a value's step",
            CONFIGURATIONS
                + STEPS
                + TABLE
                + "      - {step: stream, figure: bytesPerSec, unit: Mb/s}\n",
            "tables[0].where.request: factor 'request' is not swept in step stream; sweep it"
                + " there, or give that step's values a table of their own"),
        Arguments.of(
            "client of a step on one machine",
            CONFIGURATIONS + STEPS + TABLE.replace("columns: MTU", "columns: [MTU, client]"),
            "tables[0].columns: factor 'client' needs a step with clients; step rr runs in one"
                + " place"),
        Arguments.of(
            "factor twice",
            CONFIGURATIONS + STEPS + TABLE.replace("columns: MTU", "columns: [MTU, method]"),
            "tables[0]: factor 'method' is given twice; give it in rows, columns or where"),
        Arguments.of(
            "label of a value no factor takes",
            CONFIGURATIONS + STEPS + TABLE + "    labels: {native: Native, virtal: Virtual}\n",
            "tables[0].labels: 'virtal' is not a value of method, MTU, request; label one of:"
                + " native, virtual, 1500, 9000, 1, 64"),
        Arguments.of(
            "two values labelled alike",
            CONFIGURATIONS + STEPS + TABLE + "    labels: {native: Same, virtual: Same}\n",
            "tables[0].labels: 'native' and 'virtual' of method would both show as 'Same'; give"
                + " each its own text"),
        Arguments.of(
            "label that is not one text",
            CONFIGURATIONS + STEPS + TABLE + "    labels: {native: [a, b]}\n",
            "tables[0].labels.native: give one value (a number or text), not a list"),
        Arguments.of(
            "empty label",
            CONFIGURATIONS + STEPS + TABLE + "    labels: {native: \"\"}\n",
            "tables[0].labels.native: empty; give the text to show for this value"),
        Arguments.of(
            "attribute that is not one value",
            CONFIGURATIONS.replace("method: virtual", "method: [a, b]") + STEPS,
            "configurations[2].attributes.method: give one value (a number or text), not a"
                + " list"),
        Arguments.of(
            "attribute named as a factor of its own",
            CONFIGURATIONS.replace("method: virtual", "configuration: virtual") + STEPS,
            "configurations[2].attributes.configuration: 'configuration' is a factor of its own"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("mistakes")
  void refusedWithOneLineNamingTheField(String what, String yaml, String expected)
      throws Exception {
    Path file = dir.resolve("campaign.yaml");
    Files.writeString(file, yaml);
    Path out = dir.resolve("out");
    for (String verb : new String[] {"plan", "run"}) {
      CliRun r =
          verb.equals("plan")
              ? CliRun.of("campaign", "plan", file.toString())
              : CliRun.of("campaign", "run", file.toString(), "--output", out.toString());
      assertEquals(2, r.code(), what + ": " + r.out() + r.err());
      assertTrue(
          r.err().contains(file + ": " + expected),
          what + ": expected '" + expected + "' in: " + r.err());
      assertEquals(1, r.err().strip().split("\n").length, what + ": one line: " + r.err());
      assertFalse(r.err().contains("Exception"), r.err());
      assertFalse(Files.exists(out), "nothing started: " + what);
    }
  }

  @Test
  void aRightLayoutPlans() throws Exception {
    Path file = dir.resolve("campaign.yaml");
    Files.writeString(
        file,
        CONFIGURATIONS
            + STEPS
            + TABLE
            + """
                labels: {native: "Native/Bare Metal", 1500: "MTU=1500", 1: one byte}
              - title: Bandwidth
                rows: configuration
                values: [{step: stream, figure: bytesPerSec, unit: Mb/s, statistic: best}]
              - title: Latency by request size
                rows: request
                columns: [method, MTU]
                chart: lines
                values: [{step: rr, figure: p50Us, unit: us}, {step: rr, figure: rate}]
            """);
    CliRun r = CliRun.of("campaign", "plan", file.toString());
    assertEquals(0, r.code(), r.out() + r.err());
  }
}
