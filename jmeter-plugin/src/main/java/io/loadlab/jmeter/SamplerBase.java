package io.loadlab.jmeter;

import org.apache.jmeter.samplers.AbstractSampler;
import org.apache.jmeter.samplers.Entry;
import org.apache.jmeter.samplers.Interruptible;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testbeans.TestBean;
import org.apache.jmeter.testelement.ThreadListener;

/**
 * Base of loadlab's samplers: one {@link TimedResult} per sample, labelled with the element's name
 * plus an optional suffix; per-thread state closed when the thread finishes; a waiting sample is
 * interrupted on Stop. Each sampler is cloned per thread, so instance state is per thread; resource
 * fields are {@code transient} so that the element survives copy/paste and distributed (RMI) runs.
 */
public abstract class SamplerBase extends AbstractSampler
    implements TestBean, ThreadListener, Interruptible {
  private static final long serialVersionUID = 1L;

  private String labelSuffix = "";
  private transient volatile Thread samplingThread;
  private transient volatile boolean stopRequested;

  /** Runs one sample into {@code result}, which is already started and labelled. */
  protected abstract void sample(TimedResult result) throws Exception;

  /** Closes this thread's resources (connections, consumers); may be called more than once. */
  protected abstract void release();

  @Override
  public SampleResult sample(Entry entry) {
    TimedResult result = TimedResult.start(label());
    stopRequested = false;
    samplingThread = Thread.currentThread();
    try {
      sample(result);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      result.failed("Interrupted", "the sample was interrupted (test stopped)");
    } catch (Exception e) {
      if (stopRequested) {
        // the client library may turn the interruption into its own exception
        result.failed("Interrupted", "the sample was interrupted (test stopped)");
      } else {
        result.failed(e);
      }
    } finally {
      samplingThread = null;
    }
    if (result.elapsedNanos() < 0) {
      result.failed("NoOutcome", "the sampler did not finish the sample");
    }
    return result;
  }

  /** The sample label: the element's name, plus the label suffix if set. */
  protected String label() {
    String suffix = labelSuffix == null ? "" : labelSuffix.strip();
    return suffix.isEmpty() ? getName() : getName() + " " + suffix;
  }

  @Override
  public void threadStarted() {
    PlanProperties.warnUnknown(this);
  }

  @Override
  public void threadFinished() {
    release();
  }

  /**
   * Stop: interrupts the thread while it samples, which ends a blocked receive (the AMQP client
   * checks for interruption while it waits) or socket read (NIO channels are interruptible).
   */
  @Override
  public boolean interrupt() {
    Thread t = samplingThread;
    if (t == null) {
      return false;
    }
    stopRequested = true;
    t.interrupt();
    return true;
  }

  public String getLabelSuffix() {
    return labelSuffix;
  }

  public void setLabelSuffix(String labelSuffix) {
    this.labelSuffix = labelSuffix;
  }
}
