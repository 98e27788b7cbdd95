package io.loadlab.core.export;

import java.io.PrintStream;
import java.nio.file.Path;

/**
 * Where a run's results go. With an output directory, the JSON result, the interval CSV, the
 * histogram log and the Markdown summary go there under standard names; a file named explicitly
 * goes where it is named. The JTL (one row per sample) is written only when asked for.
 *
 * @param outputDir the run's directory, or {@code null} for none
 * @param json the JSON result file, or {@code null} for the default
 * @param csv the interval CSV file, {@code -} for standard output (instead of progress lines), or
 *     {@code null} for the default
 * @param jtl the JMeter JTL file, or {@code null} for none
 * @param hlog the HdrHistogram log file, or {@code null} for the default
 * @param markdown the Markdown summary file, or {@code null} for the default
 * @param console where progress and the summary are printed, or {@code null} for nowhere
 * @param quiet print only the summary
 */
public record ExportOptions(
    Path outputDir,
    Path json,
    Path csv,
    Path jtl,
    Path hlog,
    Path markdown,
    PrintStream console,
    boolean quiet) {

  /** The standard file names inside an output directory. */
  public static final String JSON_NAME = "result.json";

  public static final String CSV_NAME = "intervals.csv";
  public static final String HLOG_NAME = "histograms.hlog";
  public static final String MARKDOWN_NAME = "summary.md";

  /** Results only to the console. */
  public static ExportOptions consoleOnly(PrintStream out, boolean quiet) {
    return new ExportOptions(null, null, null, null, null, null, out, quiet);
  }

  /** All standard files in {@code dir}, and the console. */
  public static ExportOptions inDirectory(Path dir, PrintStream out, boolean quiet) {
    return new ExportOptions(dir, null, null, null, null, null, out, quiet);
  }

  Path jsonFile() {
    return pick(json, JSON_NAME);
  }

  Path csvFile() {
    return pick(csv, CSV_NAME);
  }

  Path hlogFile() {
    return pick(hlog, HLOG_NAME);
  }

  Path markdownFile() {
    return pick(markdown, MARKDOWN_NAME);
  }

  private Path pick(Path explicit, String standardName) {
    if (explicit != null) {
      return explicit;
    }
    return outputDir == null ? null : outputDir.resolve(standardName);
  }
}
