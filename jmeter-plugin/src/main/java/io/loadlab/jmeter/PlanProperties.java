package io.loadlab.jmeter;

import io.loadlab.core.util.NearestName;
import java.beans.BeanInfo;
import java.beans.IntrospectionException;
import java.beans.Introspector;
import java.beans.PropertyDescriptor;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.testelement.property.JMeterProperty;
import org.apache.jmeter.testelement.property.PropertyIterator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds properties in a plan that an element does not have: JMeter ignores a misspelled property of
 * a TestBean silently (a hand-written {@code <stringProp name="brokerURI">} leaves the default in
 * place), so each loadlab element reports such a property in jmeter.log once, naming it and the
 * nearest property the element knows.
 */
public final class PlanProperties {
  private static final Logger LOG = LoggerFactory.getLogger(PlanProperties.class);
  private static final Set<String> REPORTED = ConcurrentHashMap.newKeySet();

  private PlanProperties() {}

  /** The names of the properties a TestBean class has, as a .jmx spells them. */
  public static Set<String> known(Class<?> beanClass) {
    Set<String> names = new TreeSet<>();
    try {
      BeanInfo info = Introspector.getBeanInfo(beanClass);
      for (PropertyDescriptor p : info.getPropertyDescriptors()) {
        if (p.getWriteMethod() != null) {
          names.add(p.getName());
        }
      }
    } catch (IntrospectionException e) {
      // no bean info: nothing to compare with
    }
    return names;
  }

  /**
   * The properties of {@code element} its class does not know, each with the nearest known name.
   * JMeter's own properties ({@code TestElement.*}, {@code TestPlan.*}) are left out.
   */
  public static List<String> unknown(TestElement element) {
    Set<String> known = known(element.getClass());
    List<String> found = new ArrayList<>();
    if (known.isEmpty()) {
      return found;
    }
    PropertyIterator it = element.propertyIterator();
    while (it.hasNext()) {
      JMeterProperty p = it.next();
      String name = p.getName();
      if (name.contains(".") || known.contains(name)) {
        continue;
      }
      String nearest = NearestName.of(name, known);
      found.add(
          "unknown property '"
              + name
              + "' (ignored)"
              + (nearest == null ? "" : "; did you mean '" + nearest + "'?"));
    }
    return found;
  }

  /** Logs the unknown properties of {@code element} once per element and property. */
  public static void warnUnknown(TestElement element) {
    for (String problem : unknown(element)) {
      String line = element.getClass().getSimpleName() + " '" + element.getName() + "': " + problem;
      if (REPORTED.add(line)) {
        LOG.warn(line);
      }
    }
  }
}
