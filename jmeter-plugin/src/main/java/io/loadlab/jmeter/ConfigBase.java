package io.loadlab.jmeter;

import org.apache.jmeter.config.ConfigElement;
import org.apache.jmeter.testbeans.TestBean;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.testelement.TestStateListener;

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

  /** Publishes the handle; called on the engine thread when the test starts. */
  protected abstract void open();

  /** Closes everything the handle opened; called when the test ends. */
  protected abstract void close();

  @Override
  public void testStarted() {
    open();
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
