package io.loadlab.core.export;

import java.io.PrintStream;
import java.nio.file.Path;

/**
 * Where a run's results go. With an output directory, the JSON result, the interval CSV, the
 * histogram log and the Markdown summary go there under standard names; a file named explicitly
 * ({@code --json FILE}, ...) is written too, as an extra copy: the run directory keeps all its
 * files. The JTL (one row per sample) is written only when asked for.
 *
 * @param outputDir the run's directory, or {@code null} for none
 * @param json an extra JSON result file, or {@code null}
 * @param csv an extra interval CSV file, {@code -} for standard output (instead of progress lines),
 *     or {@code null}
 * @param jtl the JMeter JTL file, or {@code null} for none
 * @param hlog an extra HdrHistogram log file, or {@code null}
 * @param markdown an extra Markdown summary file, or {@code null}
 * @param console where progress and the summary are printed, or {@code null} for nowhere
 * @param quiet print only the summary
 * @param junit the JUnit XML file for CI ({@code --junit}), or {@code null} for none
 */
public record ExportOptions(
    Path outputDir,
    Path json,
    Path csv,
    Path jtl,
    Path hlog,
    Path markdown,
    PrintStream console,
    boolean quiet,
    Path junit) {

  /** Options without a JUnit file. */
  public ExportOptions(
      Path outputDir,
      Path json,
      Path csv,
      Path jtl,
      Path hlog,
      Path markdown,
      PrintStream console,
      boolean quiet) {
    this(outputDir, json, csv, jtl, hlog, markdown, console, quiet, null);
  }

  /** The standard file names inside an output directory. */
  public static final String JSON_NAME = "result.json";

  public static final String CSV_NAME = "intervals.csv";
  public static final String HLOG_NAME = "histograms.hlog";
  public static final String MARKDOWN_NAME = "summary.md";

  /** The self-contained HTML report, written at the end of a run with an output directory. */
  public static final String REPORT_NAME = "report.html";

  /** Results only to the console. */
  public static ExportOptions consoleOnly(PrintStream out, boolean quiet) {
    return new ExportOptions(null, null, null, null, null, null, out, quiet);
  }

  /** All standard files in {@code dir}, and the console. */
  public static ExportOptions inDirectory(Path dir, PrintStream out, boolean quiet) {
    return new ExportOptions(dir, null, null, null, null, null, out, quiet);
  }

  /** The JSON result files: the run directory's, then the extra copy. */
  java.util.List<Path> jsonFiles() {
    return files(json, JSON_NAME);
  }

  java.util.List<Path> csvFiles() {
    return files(csv, CSV_NAME);
  }

  java.util.List<Path> hlogFiles() {
    return files(hlog, HLOG_NAME);
  }

  java.util.List<Path> markdownFiles() {
    return files(markdown, MARKDOWN_NAME);
  }

  private java.util.List<Path> files(Path explicit, String standardName) {
    java.util.List<Path> files = new java.util.ArrayList<>();
    Path standard = outputDir == null ? null : outputDir.resolve(standardName);
    if (standard != null) {
      files.add(standard);
    }
    if (explicit != null
        && (standard == null
            || !explicit
                .toAbsolutePath()
                .normalize()
                .equals(standard.toAbsolutePath().normalize()))) {
      files.add(explicit);
    }
    return files;
  }
}
