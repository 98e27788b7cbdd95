package io.loadlab.jmh.record;

import io.loadlab.core.record.OperationRecorder;
import io.loadlab.core.record.Recorder;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What recording one latency value into the shared {@link OperationRecorder} costs a driver thread:
 * an HdrHistogram {@code Recorder} write plus the count and byte adders. The target is under 50 ns;
 * compare with {@code BaselineBench.nextValue}, which reads the same values without recording.
 *
 * <p>{@code success*} run on one thread; {@code contended*} on two threads writing the same
 * operation, as every user thread of a load run does (this machine has 2 cores, so two threads is
 * the most that run truly at once). Each iteration starts with a snapshot, as a run's interval
 * does, so the histogram never fills up.
 *
 * <pre>java -jar jmh-benches/target/benchmarks.jar RecordBench</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class RecordBench {

  /** One operation of one recorder, written by every benchmark thread. */
  @State(Scope.Benchmark)
  public static class Operation {
    final Recorder recorder = new Recorder();
    final OperationRecorder op = recorder.operation("rr");

    /** Cuts an interval, as the run's interval clock does once a second. */
    @Setup(Level.Iteration)
    public void cutInterval() {
      recorder.snapshot();
    }
  }

  /** Each thread walks its own copy of the latency cycle. */
  @State(Scope.Thread)
  public static class Values {
    final LatencyValues values = new LatencyValues();
  }

  /** {@code success(latency)}: one thread. */
  @Benchmark
  public void success(Operation o, Values v) {
    o.op.success(v.values.next());
  }

  /** {@code success(latency, sent, received)}: one thread, with byte counts. */
  @Benchmark
  public void successWithBytes(Operation o, Values v) {
    o.op.success(v.values.next(), 64, 64);
  }

  /** {@code success(latency)}: two threads on the same operation. */
  @Benchmark
  @Threads(2)
  public void contended(Operation o, Values v) {
    o.op.success(v.values.next());
  }

  /** {@code success(latency, sent, received)}: two threads on the same operation. */
  @Benchmark
  @Threads(2)
  public void contendedWithBytes(Operation o, Values v) {
    o.op.success(v.values.next(), 64, 64);
  }
}
