package io.loadlab.jmeter;

import org.apache.jmeter.config.ConfigElement;
import org.apache.jmeter.testbeans.TestBean;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.testelement.TestStateListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Base of loadlab's connection config elements. Like JMeter's JDBC Connection Configuration it is
 * not a {@code ConfigTestElement}, so its fields are not merged into samplers: it publishes a named
 * handle when the test starts ({@link #open()}) and closes what it opened when the test ends
 * ({@link #close()}). Its fields are read once at test start, so use {@code ${__P(name)}} there,
 * not thread variables.
 */
public abstract class ConfigBase extends AbstractTestElement
    implements ConfigElement, TestStateListener, TestBean {
  private static final long serialVersionUID = 1L;

  private static final Logger LOG = LoggerFactory.getLogger(ConfigBase.class);

  /** Publishes the handle; called on the engine thread when the test starts. */
  protected abstract void open();

  /** The element's kind, for messages ("AMQP Connection"). */
  protected abstract String kind();

  /** The variable name samplers find this element's handle by. */
  public abstract String getVariableName();

  /** Closes everything the handle opened; called when the test ends. */
  protected abstract void close();

  /**
   * Opens the element. A setting that is wrong does not stop the whole test: the error is logged in
   * one line and every sample that uses this element fails with it.
   */
  @Override
  public void testStarted() {
    PlanProperties.warnUnknown(this);
    try {
      open();
    } catch (RuntimeException e) {
      String message = kind() + " '" + getName() + "': " + e.getMessage();
      LOG.error(message);
      Handles.publishFailure(getVariableName(), message);
    }
  }

  @Override
  public void testStarted(String host) {
    testStarted();
  }

  @Override
  public void testEnded() {
    close();
  }

  @Override
  public void testEnded(String host) {
    testEnded();
  }

  @Override
  public void addConfigElement(ConfigElement config) {
    // Nothing to merge: samplers find this element's handle by name.
  }

  @Override
  public boolean expectsModification() {
    return false;
  }

  @Override
  public Object clone() {
    return super.clone();
  }
}
