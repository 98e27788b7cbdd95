package io.loadlab.core.results;

import io.loadlab.core.util.AtomicFiles;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes the same run's result file again and again as the run goes, byte for byte as {@link
 * ResultJson#writeInExistingDirectory} would, but serialising each interval only once: the file
 * holds every interval so far, and serialising them all at every rewrite was the larger part of a
 * long run's bookkeeping (some 10 ms of CPU per MB with C1, up to the exporter's 1 MiB a second).
 *
 * <p>The result is serialised without its intervals, and the intervals' JSON, kept from the
 * rewrites before, is put where the empty list stands. Each interval's JSON is its own
 * serialisation indented one level deeper, which is what the mapper's pretty printer writes for an
 * object in the top-level {@code intervals} array (arrays add no indentation: {@code [ {...}, {...}
 * ]}). A result whose intervals are not those kept, extended, is serialised again from the first
 * that differs. Not thread-safe: one exporter's.
 */
public final class ResultRewriter {
  private static final String EOL = System.lineSeparator();

  /** The intervals field of a result with no intervals, at the top level. */
  private static final String EMPTY_INTERVALS = EOL + "  \"intervals\" : [ ]";

  private static final byte[] INTERVALS_OPEN =
      (EOL + "  \"intervals\" : [ ").getBytes(StandardCharsets.UTF_8);
  private static final byte[] SEPARATOR = ", ".getBytes(StandardCharsets.UTF_8);
  private static final byte[] CLOSE = " ]".getBytes(StandardCharsets.UTF_8);

  /** The intervals whose JSON is kept, in order. */
  private final List<IntervalSample> kept = new ArrayList<>();

  /** Where each kept interval's JSON starts in {@link #json}. */
  private final List<Integer> starts = new ArrayList<>();

  /** The kept intervals' JSON, separated as in the file. */
  private final Buffer json = new Buffer();

  /** Writes {@code result} to {@code file} atomically, in a directory that must exist. */
  public void write(RunResult result, Path file) throws IOException {
    List<IntervalSample> intervals = result.intervals();
    if (intervals == null || intervals.isEmpty()) {
      ResultJson.writeInExistingDirectory(result, file);
      return;
    }
    String outer = ResultJson.toJson(withoutIntervals(result));
    int at = outer.indexOf(EMPTY_INTERVALS);
    if (at < 0 || outer.indexOf(EMPTY_INTERVALS, at + 1) >= 0) {
      ResultJson.writeInExistingDirectory(result, file); // not where it is looked for
      return;
    }
    keep(intervals);
    byte[] head = outer.substring(0, at).getBytes(StandardCharsets.UTF_8);
    byte[] tail = outer.substring(at + EMPTY_INTERVALS.length()).getBytes(StandardCharsets.UTF_8);
    AtomicFiles.write(
        file,
        out -> {
          out.write(head);
          out.write(INTERVALS_OPEN);
          json.writeTo(out);
          out.write(CLOSE);
          out.write(tail);
        });
  }

  /** Makes the kept JSON that of {@code intervals}, serialising only those not kept already. */
  private void keep(List<IntervalSample> intervals) throws IOException {
    int same = 0;
    while (same < kept.size() && same < intervals.size() && kept.get(same) == intervals.get(same)) {
      same++;
    }
    if (same < kept.size()) {
      json.truncate(starts.get(same) - (same == 0 ? 0 : SEPARATOR.length));
      kept.subList(same, kept.size()).clear();
      starts.subList(same, starts.size()).clear();
    }
    for (int i = same; i < intervals.size(); i++) {
      if (i > 0) {
        json.write(SEPARATOR);
      }
      starts.add(json.size());
      String one = ResultJson.toJson(intervals.get(i)).replace(EOL, EOL + "  ");
      json.write(one.getBytes(StandardCharsets.UTF_8));
      kept.add(intervals.get(i));
    }
  }

  private static RunResult withoutIntervals(RunResult r) {
    return new RunResult(
        r.toolVersion(),
        r.workload(),
        r.label(),
        r.commandLine(),
        r.configuration(),
        r.environment(),
        r.testbed(),
        r.startTime(),
        r.endTime(),
        r.status(),
        r.statusReason(),
        r.figures(),
        r.totals(),
        List.of(),
        r.problems(),
        r.rateChecks(),
        r.generator(),
        r.warnings(),
        r.criteria());
  }

  /** A byte buffer that can be cut back to an earlier length. */
  private static final class Buffer extends ByteArrayOutputStream {
    Buffer() {
      super(64 * 1024);
    }

    void truncate(int length) {
      count = length;
    }
  }
}
