package io.loadlab.core.export;

import io.loadlab.core.record.Recorder;
import io.loadlab.core.report.HtmlReportExporter;
import io.loadlab.core.run.ResultSink;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Builds the sinks a set of {@link ExportOptions} asks for; the one place every front-end uses. */
public final class Exporters {
  private Exporters() {}

  /**
   * Opens every exporter the options ask for. A JTL exporter is also set as the recorder's sample
   * listener, because it writes one row per sample.
   */
  public static List<ResultSink> open(ExportOptions options, Recorder recorder, String workload)
      throws IOException {
    List<ResultSink> sinks = new ArrayList<>();
    boolean csvOnConsole = AppendFile.STDOUT.equals(options.csv());
    if (options.console() != null) {
      sinks.add(new ConsoleExporter(options.console(), options.quiet() || csvOnConsole));
    }
    for (Path json : options.jsonFiles()) {
      sinks.add(new JsonExporter(json));
    }
    for (Path csv : options.csvFiles()) {
      sinks.add(new CsvExporter(csv, options.console() != null ? options.console() : System.out));
    }
    for (Path hlog : options.hlogFiles()) {
      sinks.add(new HlogExporter(hlog));
    }
    for (Path markdown : options.markdownFiles()) {
      sinks.add(new MarkdownExporter(markdown));
    }
    if (options.outputDir() != null) {
      sinks.add(new HtmlReportExporter(options.outputDir().resolve(ExportOptions.REPORT_NAME)));
    }
    if (options.junit() != null) {
      sinks.add(new JunitExporter(options.junit()));
    }
    if (options.jtl() != null) {
      JtlExporter jtl = new JtlExporter(options.jtl(), workload);
      recorder.setSampleListener(jtl);
      sinks.add(jtl);
    }
    return sinks;
  }
}
