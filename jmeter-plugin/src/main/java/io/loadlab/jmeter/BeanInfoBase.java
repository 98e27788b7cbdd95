package io.loadlab.jmeter;

import java.beans.IntrospectionException;
import java.beans.PropertyDescriptor;
import java.util.Collections;
import org.apache.jmeter.testbeans.BeanInfoSupport;
import org.apache.jmeter.testbeans.TestBean;

/**
 * Shorthands for the TestBean GUI descriptors loadlab's elements use. Display names and
 * descriptions come from the element's {@code <Class>Resources.properties}.
 */
public abstract class BeanInfoBase extends BeanInfoSupport {
  /**
   * This element's own descriptors. The ones {@link java.beans.Introspector} gives for a field the
   * elements inherit from one base class ({@code labelSuffix}) are the same objects for every
   * element, so each BeanInfo's group, order and label for it would overwrite the others', and a
   * panel would show the field in another element's group ("transaction" in an AMQP sampler). Made
   * on first use, from within BeanInfoSupport's constructor: no initializer may reset it.
   */
  private PropertyDescriptor[] own;

  protected BeanInfoBase(Class<? extends TestBean> beanClass) {
    super(beanClass);
  }

  /** This element's descriptors: copies of the introspected ones, its own to set up. */
  @Override
  public PropertyDescriptor[] getPropertyDescriptors() {
    if (own == null) {
      PropertyDescriptor[] shared = super.getPropertyDescriptors();
      own = new PropertyDescriptor[shared.length];
      for (int i = 0; i < shared.length; i++) {
        own[i] = copy(shared[i]);
      }
    }
    return own;
  }

  private static PropertyDescriptor copy(PropertyDescriptor p) {
    try {
      PropertyDescriptor c =
          new PropertyDescriptor(p.getName(), p.getReadMethod(), p.getWriteMethod());
      c.setDisplayName(p.getDisplayName());
      c.setShortDescription(p.getShortDescription());
      c.setHidden(p.isHidden());
      c.setExpert(p.isExpert());
      c.setPreferred(p.isPreferred());
      c.setBound(p.isBound());
      c.setConstrained(p.isConstrained());
      c.setPropertyEditorClass(p.getPropertyEditorClass());
      for (String name : Collections.list(p.attributeNames())) {
        c.setValue(name, p.getValue(name));
      }
      return c;
    } catch (IntrospectionException e) {
      throw new IllegalStateException("cannot copy the descriptor of " + p.getName(), e);
    }
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
