package io.loadlab.core.run;

import io.loadlab.core.results.RunResult;
import io.loadlab.core.results.RunStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Hands a run's final result to its sinks so that every output says the same status and reason: the
 * files first, those that decide ({@code result.json}) after every other, then the console.
 *
 * <p>A file that cannot be written fails an {@code ok} run (or adds to a failed run's reason), and
 * every file already written is written again with that result, the deciding ones last. A file that
 * cannot be written again (or a result file that cannot be written) is removed and written afresh:
 * on a full disk, its old version's room is what the new one needs. If that fails too, it is left
 * out, and if it still exists the reason says what it still holds. So no file says {@code ok} when
 * the run failed, and the console says which file does not agree.
 */
public final class FinalWrites {
  private final SinkCalls calls;
  private final List<ResultSink> files = new ArrayList<>();
  private final List<ResultSink> reporters = new ArrayList<>();

  /** What each file holds since the end: the result it was last written with. */
  private final Map<ResultSink, RunResult> holds = new IdentityHashMap<>();

  private final Set<ResultSink> failed = Collections.newSetFromMap(new IdentityHashMap<>());

  private FinalWrites(List<ResultSink> sinks, SinkCalls calls) {
    this.calls = calls;
    for (ResultSink sink : sinks) {
      if (sink.target() == null) {
        reporters.add(sink);
      } else if (!sink.decides()) {
        files.add(sink);
      }
    }
    sinks.stream().filter(s -> s.target() != null && s.decides()).forEach(files::add);
    for (ResultSink sink : files) {
      // A file that failed during the run is already the run's reason; only deciders try again.
      if (calls.isBroken(sink) && !sink.decides()) {
        failed.add(sink);
      }
    }
  }

  /** Writes {@code result} to every sink, and returns the result all of them were given. */
  static RunResult write(List<ResultSink> sinks, SinkCalls calls, RunResult result) {
    return new FinalWrites(sinks, calls).write(result);
  }

  /**
   * Writes a whole result that was not recorded here (a JMeter run's, an imported one) to its files
   * and reports as a run's end does: result files last, reports after every file. Returns the
   * result they were all given: {@code failed} if a file could not be written.
   */
  public static RunResult write(List<ResultSink> sinks, RunResult result) {
    return write(sinks, new SinkCalls(null), result);
  }

  private RunResult write(RunResult result) {
    RunResult current = result;
    boolean again = true;
    while (again) {
      again = false;
      for (ResultSink sink : files) {
        if (failed.contains(sink) || holds.get(sink) == current) {
          continue;
        }
        String why = attempt(sink, current);
        if (why != null) {
          // Each file fails at most once, so this ends; every file is then written again.
          failed.add(sink);
          current = amended(current, why);
          again = true;
          break;
        }
        holds.put(sink, current);
      }
    }
    RunResult last = current;
    for (ResultSink sink : reporters) {
      calls.call(sink, "end", () -> sink.end(last));
    }
    return last;
  }

  /** Writes one file; null if it was written, else why not and what the file still holds. */
  private String attempt(ResultSink sink, RunResult result) {
    SinkCalls.Call end = () -> sink.end(result);
    if (sink.decides() ? calls.retry(sink, "end", end) : calls.call(sink, "end", end)) {
      return null;
    }
    Path file = Path.of(sink.target());
    // Only a file written whole at the end (or result.json) is removed, never one appended to.
    boolean whole = holds.containsKey(sink) || sink.decides();
    if (whole && removed(file) && calls.retry(sink, "end", end)) {
      return null;
    }
    String why = calls.failure(sink);
    if (why == null) {
      why = "cannot write " + sink.target();
    }
    if (Files.exists(file)) {
      RunResult old = holds.get(sink);
      String says = old != null ? old.status().jsonName() : sink.decides() ? "running" : null;
      if (says != null) {
        why += " (" + file.getFileName() + " still says " + says + ")";
      }
    }
    return why;
  }

  private static boolean removed(Path file) {
    try {
      return Files.deleteIfExists(file);
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * The result failed for {@code why}: an ok run fails, a failed or aborted one adds the reason.
   */
  private static RunResult amended(RunResult r, String why) {
    if (r.status() == RunStatus.OK || r.status() == RunStatus.RUNNING) {
      return r.withStatus(RunStatus.FAILED, why);
    }
    return r.withStatus(r.status(), r.statusReason() == null ? why : r.statusReason() + "; " + why);
  }
}
