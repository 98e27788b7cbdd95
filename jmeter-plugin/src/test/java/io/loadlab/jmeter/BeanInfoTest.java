package io.loadlab.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.jmeter.amqp.AmqpConnectionConfig;
import io.loadlab.jmeter.amqp.AmqpConsumeSampler;
import io.loadlab.jmeter.amqp.AmqpPublishSampler;
import io.loadlab.jmeter.amqp.AmqpRoundTripSampler;
import io.loadlab.jmeter.ds2.Ds2BrowseSampler;
import io.loadlab.jmeter.ds2.Ds2Database;
import io.loadlab.jmeter.ds2.Ds2LoginSampler;
import io.loadlab.jmeter.ds2.Ds2NewCustomerSampler;
import io.loadlab.jmeter.ds2.Ds2OrderSampler;
import io.loadlab.jmeter.ds2.Ds2PurchaseSampler;
import io.loadlab.jmeter.net.NetCrrSampler;
import io.loadlab.jmeter.net.NetRrSampler;
import io.loadlab.jmeter.net.NetworkTarget;
import io.loadlab.jmeter.results.LoadlabResultsListener;
import java.beans.BeanInfo;
import java.beans.Introspector;
import java.beans.PropertyDescriptor;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.ResourceBundle;
import java.util.stream.Stream;
import org.apache.jmeter.gui.util.MenuFactory;
import org.apache.jmeter.testbeans.BeanInfoSupport;
import org.apache.jmeter.testbeans.gui.GenericTestBeanCustomizer;
import org.apache.jmeter.testbeans.gui.TestBeanGUI;
import org.apache.jmeter.testelement.TestElement;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What the TestBean GUI needs of every element: a BeanInfo, and a resource bundle with a display
 * name for the element, each group and each shown field, and a description of each field; and what
 * distributed runs and GUI copy/paste need: the element survives serialisation, and fields that
 * hold live resources are transient.
 */
class BeanInfoTest {
  /** Every element the plugin has. */
  static Stream<Class<?>> elements() {
    return Stream.of(
        NetworkTarget.class,
        NetRrSampler.class,
        NetCrrSampler.class,
        AmqpConnectionConfig.class,
        AmqpPublishSampler.class,
        AmqpConsumeSampler.class,
        AmqpRoundTripSampler.class,
        Ds2Database.class,
        Ds2LoginSampler.class,
        Ds2BrowseSampler.class,
        Ds2PurchaseSampler.class,
        Ds2NewCustomerSampler.class,
        Ds2OrderSampler.class,
        io.loadlab.jmeter.workload.WorkloadSampler.class,
        LoadlabResultsListener.class);
  }

  @ParameterizedTest
  @MethodSource("elements")
  void everyShownFieldHasADisplayNameAndDescription(Class<?> element) throws Exception {
    EngineHarness.init();
    assertTrue(
        BeanInfoSupport.class.isAssignableFrom(Class.forName(element.getName() + "BeanInfo")));
    BeanInfo info = Introspector.getBeanInfo(element);
    ResourceBundle bundle = ResourceBundle.getBundle(element.getName() + "Resources");
    assertFalse(bundle.getString("displayName").isBlank());
    List<String> shown = new ArrayList<>();
    for (PropertyDescriptor p : info.getPropertyDescriptors()) {
      if (p.isHidden() || p.getWriteMethod() == null) {
        continue; // not a field (JMeter 5.6's read-only TestElement.getProps(), for example)
      }
      shown.add(p.getName());
      assertTrue(bundle.containsKey(p.getName() + ".displayName"), p.getName() + ".displayName");
      assertTrue(
          bundle.containsKey(p.getName() + ".shortDescription"), p.getName() + ".shortDescription");
      assertTrue(p.getValue(BeanInfoSupport.DEFAULT) != null, p.getName() + " has a default");
    }
    assertFalse(shown.isEmpty());
  }

  /**
   * JMeter's GUI heads each group of fields with the group's display name from the element's
   * bundle, else with the bare group name ("transaction"). It builds the panels once every
   * element's BeanInfo is loaded (for its menus), so the group each field shows in is read after
   * all of them: a field the elements inherit from one base class ({@code labelSuffix}) must still
   * be in the group its own element's BeanInfo put it in, and every group has its label.
   */
  @org.junit.jupiter.api.Test
  void everyGroupOfEveryPanelHasItsLabelOnceEveryElementIsLoaded() throws Exception {
    EngineHarness.init();
    List<Class<?>> all = elements().toList();
    List<BeanInfo> infos = new ArrayList<>();
    for (Class<?> element : all) {
      infos.add(Introspector.getBeanInfo(element));
    }
    List<String> missing = new ArrayList<>();
    for (int i = 0; i < all.size(); i++) {
      Class<?> element = all.get(i);
      ResourceBundle bundle = ResourceBundle.getBundle(element.getName() + "Resources");
      for (PropertyDescriptor p : infos.get(i).getPropertyDescriptors()) {
        if (p.isHidden() || p.getWriteMethod() == null) {
          continue;
        }
        Object group = p.getValue(GenericTestBeanCustomizer.GROUP);
        if (group == null || !bundle.containsKey(group + ".displayName")) {
          missing.add(element.getSimpleName() + "." + p.getName() + " in group " + group);
        }
      }
    }
    assertEquals(List.of(), missing, "fields in a group without a label in their bundle");
  }

  @ParameterizedTest
  @ValueSource(
      classes = {
        NetRrSampler.class,
        AmqpPublishSampler.class,
        AmqpConsumeSampler.class,
        AmqpRoundTripSampler.class,
        AmqpConnectionConfig.class,
        Ds2OrderSampler.class,
        Ds2Database.class,
        LoadlabResultsListener.class
      })
  void survivesSerialisationAndKeepsResourcesTransient(Class<?> element) throws Exception {
    TestElement e = (TestElement) element.getDeclaredConstructor().newInstance();
    e.setName("copy me");
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(e);
    }
    try (ObjectInputStream in =
        new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      assertEquals("copy me", ((TestElement) in.readObject()).getName());
    }
    for (Class<?> c = element; c != Object.class; c = c.getSuperclass()) {
      if (!c.getName().startsWith("io.loadlab")) {
        break;
      }
      for (var f : c.getDeclaredFields()) {
        boolean resource =
            !f.getType().isPrimitive()
                && !f.getType().equals(String.class)
                && !Modifier.isStatic(f.getModifiers());
        if (resource) {
          assertTrue(Modifier.isTransient(f.getModifiers()), c.getSimpleName() + "." + f.getName());
        }
      }
    }
  }

  /**
   * JMeter's GUI gives a TestBean a menu by the element interfaces it implements (TestBeanGUI logs
   * "Could not assign GUI class" and lists it nowhere otherwise): samplers under Sampler, config
   * elements under Config Element, the results listener under Listener. The real GUI: GuiMenusIT.
   */
  @ParameterizedTest
  @MethodSource("elements")
  void jmeterGivesEveryElementItsMenu(Class<?> element) throws Exception {
    EngineHarness.init();
    String expected =
        element == LoadlabResultsListener.class
            ? MenuFactory.LISTENERS
            : List.of(NetworkTarget.class, AmqpConnectionConfig.class, Ds2Database.class)
                    .contains(element)
                ? MenuFactory.CONFIG_ELEMENTS
                : MenuFactory.SAMPLERS;
    assertEquals(List.of(expected), List.copyOf(new TestBeanGUI(element).getMenuCategories()));
  }
}
