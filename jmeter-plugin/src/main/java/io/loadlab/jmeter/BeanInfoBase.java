package io.loadlab.jmeter;

import java.beans.PropertyDescriptor;
import org.apache.jmeter.testbeans.BeanInfoSupport;
import org.apache.jmeter.testbeans.TestBean;

/**
 * Shorthands for the TestBean GUI descriptors loadlab's elements use. Display names and
 * descriptions come from the element's {@code <Class>Resources.properties}.
 */
public abstract class BeanInfoBase extends BeanInfoSupport {
  protected BeanInfoBase(Class<? extends TestBean> beanClass) {
    super(beanClass);
  }

  /** A text field with a default; {@code ${}} expressions are evaluated. */
  protected PropertyDescriptor text(String name, String defaultValue) {
    PropertyDescriptor p = property(name);
    p.setValue(NOT_UNDEFINED, Boolean.TRUE);
    p.setValue(DEFAULT, defaultValue);
    return p;
  }

  /** A multi-line text field with a default. */
  protected PropertyDescriptor multiline(String name, String defaultValue) {
    PropertyDescriptor p = text(name, defaultValue);
    p.setValue(MULTILINE, Boolean.TRUE);
    return p;
  }

  /** A whole-number field with a default. */
  protected PropertyDescriptor number(String name, int defaultValue) {
    PropertyDescriptor p = property(name);
    p.setValue(NOT_UNDEFINED, Boolean.TRUE);
    p.setValue(DEFAULT, defaultValue);
    return p;
  }

  /** A check box with a default. */
  protected PropertyDescriptor flag(String name, boolean defaultValue) {
    PropertyDescriptor p = property(name);
    p.setValue(NOT_UNDEFINED, Boolean.TRUE);
    p.setValue(DEFAULT, defaultValue);
    return p;
  }

  /** A drop-down list of fixed choices. */
  protected PropertyDescriptor choice(String name, String defaultValue, String... choices) {
    PropertyDescriptor p = text(name, defaultValue);
    p.setValue(NOT_OTHER, Boolean.TRUE);
    p.setValue(NOT_EXPRESSION, Boolean.TRUE);
    p.setValue(TAGS, choices);
    return p;
  }
}
