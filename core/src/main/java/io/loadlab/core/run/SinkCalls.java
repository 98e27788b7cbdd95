package io.loadlab.core.run;

import io.loadlab.core.record.Recorder;
import io.loadlab.core.record.SampleListener;
import java.io.IOException;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Calls a run's sinks and keeps what failed: a sink that writes a file and fails is not called
 * again, the first such failure is the run's write failure (one line), and whoever asked is told
 * once, typically to stop the run. A sink without a file (the console) only logs a warning.
 */
final class SinkCalls {
  private static final Logger LOG = LoggerFactory.getLogger(SinkCalls.class);

  /** One call to a sink. */
  interface Call {
    void run() throws IOException;
  }

  private final Recorder recorder;
  private final Set<ResultSink> broken =
      Collections.synchronizedSet(Collections.newSetFromMap(new IdentityHashMap<>()));
  private final Map<ResultSink, String> failures =
      Collections.synchronizedMap(new IdentityHashMap<>());
  private volatile String writeFailure;
  private volatile Consumer<String> onWriteFailure = reason -> {};

  /** Calls for a run recording into {@code recorder} (null: none, a result written whole). */
  SinkCalls(Recorder recorder) {
    this.recorder = recorder;
  }

  /** What to do on the first write failure; called at once if there was one already. */
  void onWriteFailure(Consumer<String> action) {
    this.onWriteFailure = action;
    String why = writeFailure;
    if (why != null) {
      action.accept(why);
    }
  }

  /** Why a result file could not be written, or {@code null} if every file was. */
  String writeFailure() {
    return writeFailure;
  }

  /** True if a call to this sink failed: it is not called again unless {@link #retry}. */
  boolean isBroken(ResultSink sink) {
    return broken.contains(sink);
  }

  /** Why the last failed call to this sink failed (one line), or {@code null}. */
  String failure(ResultSink sink) {
    return failures.get(sink);
  }

  /** Calls a sink even if it failed before (a last try at the end); true if it went through. */
  boolean retry(ResultSink sink, String what, Call c) {
    broken.remove(sink);
    return call(sink, what, c);
  }

  /** Calls a sink unless it failed before; returns true if the call went through. */
  boolean call(ResultSink sink, String what, Call c) {
    if (broken.contains(sink)) {
      return false;
    }
    try {
      c.run();
      return true;
    } catch (IOException | RuntimeException e) {
      if (sink.target() == null) {
        LOG.warn("{} could not {}: {}", sink.getClass().getSimpleName(), what, e.getMessage());
        return false;
      }
      broken.add(sink);
      if (sink instanceof SampleListener && recorder != null) {
        recorder.setSampleListener(null); // its rows would only pile up in memory
      }
      String why = WriteFailures.describe(sink.target(), e);
      failures.put(sink, why);
      boolean first;
      synchronized (this) {
        first = writeFailure == null;
        if (first) {
          writeFailure = why;
        }
      }
      LOG.debug("{} could not {}", sink.target(), what, e);
      if (first) {
        onWriteFailure.accept(why);
      }
      return false;
    }
  }
}
