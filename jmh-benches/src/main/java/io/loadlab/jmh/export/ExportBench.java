package io.loadlab.jmh.export;

import io.loadlab.core.export.CsvExporter;
import io.loadlab.core.export.HlogExporter;
import io.loadlab.core.export.JsonExporter;
import io.loadlab.core.export.JtlExporter;
import io.loadlab.core.export.MarkdownExporter;
import io.loadlab.core.run.IntervalReport;
import io.loadlab.jmh.record.LatencyValues;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What each exporter costs, on a real recorded interval of {@code operations} operations ({@link
 * RecordedRun}) written to files in a temporary directory:
 *
 * <ul>
 *   <li>{@code csvInterval}: the interval CSV rows of one interval;
 *   <li>{@code hlogInterval}: the HdrHistogram log entries of one interval;
 *   <li>{@code jsonInterval}: rewriting the JSON result after an interval (60 intervals so far);
 *   <li>{@code markdownEnd}: the Markdown summary and SVG chart at the end of the run;
 *   <li>{@code jtlRow}: one JTL row, the only per-sample exporter: it runs on the recording thread.
 *       Rows are flushed to the file once per 1,000 samples, as they are once per interval.
 * </ul>
 *
 * <p>The per-interval exporters run once a second in a run, so microseconds here are noise; the JTL
 * row is the one to compare with the recording cost of {@code RecordBench}. Files are reopened
 * (truncated) at each iteration so they do not grow without end.
 *
 * <pre>java -jar jmh-benches/target/benchmarks.jar ExportBench -p operations=1</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class ExportBench {
  /** Samples per JTL flush in {@link #jtlRow}. */
  static final int JTL_ROWS = 1_000;

  /** Operations per interval (one CSV row and one histogram each). */
  @Param({"1", "4"})
  public int operations;

  private Path dir;
  private RecordedRun run;
  private IntervalReport interval;
  private final LatencyValues values = new LatencyValues();
  private CsvExporter csv;
  private HlogExporter hlog;
  private JsonExporter json;
  private JtlExporter jtl;
  private MarkdownExporter markdown;

  /** Records the run the exporters write. */
  @Setup(Level.Trial)
  public void record() throws IOException {
    dir = Files.createTempDirectory("loadlab-jmh-export");
    run = RecordedRun.of(operations, 60);
    interval = run.lastInterval();
  }

  /** Opens every exporter on fresh files. */
  @Setup(Level.Iteration)
  public void open() throws IOException {
    csv = new CsvExporter(dir.resolve("intervals.csv"));
    hlog = new HlogExporter(dir.resolve("histograms.hlog"));
    hlog.begin(run.run(), System.currentTimeMillis());
    json = new JsonExporter(dir.resolve("result.json"));
    jtl = new JtlExporter(dir.resolve("run.jtl"), "jmh");
    markdown = new MarkdownExporter(dir.resolve("summary.md"));
  }

  /** Closes the exporters of the iteration. */
  @TearDown(Level.Iteration)
  public void close() throws IOException {
    csv.close();
    hlog.close();
    jtl.close();
  }

  /** Removes the files. */
  @TearDown(Level.Trial)
  public void removeFiles() throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  /** The interval CSV rows of one interval. */
  @Benchmark
  public void csvInterval() throws IOException {
    csv.interval(interval);
  }

  /** The HdrHistogram log entries of one interval. */
  @Benchmark
  public void hlogInterval() throws IOException {
    hlog.interval(interval);
  }

  /** The JSON result, rewritten atomically after an interval. */
  @Benchmark
  public void jsonInterval() throws IOException {
    json.interval(interval);
  }

  /** The Markdown summary and chart of the finished run. */
  @Benchmark
  public void markdownEnd() throws IOException {
    markdown.end(run.result());
  }

  /** One JTL row, including its share of the flush to the file. */
  @Benchmark
  @OperationsPerInvocation(JTL_ROWS)
  public void jtlRow() throws IOException {
    for (int i = 0; i < JTL_ROWS; i++) {
      jtl.onSample("rr size=64", values.next(), 0, true, "OK", 64, 64, 1);
    }
    jtl.interval(interval);
  }
}
