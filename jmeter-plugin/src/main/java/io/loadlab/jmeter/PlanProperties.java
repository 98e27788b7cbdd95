package io.loadlab.jmeter;

import java.beans.BeanInfo;
import java.beans.IntrospectionException;
import java.beans.Introspector;
import java.beans.PropertyDescriptor;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
      found.add(
          "unknown property '"
              + name
              + "' (ignored); did you mean '"
              + nearest(name, known)
              + "'?");
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

  /** The known name closest to {@code name} (edit distance, case-insensitive). */
  static String nearest(String name, Set<String> known) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String k : known) {
      int d = distance(name.toLowerCase(Locale.ROOT), k.toLowerCase(Locale.ROOT));
      if (d < bestDistance) {
        best = k;
        bestDistance = d;
      }
    }
    return best;
  }

  private static int distance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }
}
