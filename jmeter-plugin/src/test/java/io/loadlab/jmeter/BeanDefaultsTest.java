package io.loadlab.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.loadlab.core.jms.providers.JndiProvider;
import io.loadlab.core.jms.providers.Providers;
import io.loadlab.core.net.NetWorkload;
import io.loadlab.core.net.Transport;
import io.loadlab.core.options.OptionSpec;
import io.loadlab.core.options.OptionTable;
import io.loadlab.core.util.Durations;
import io.loadlab.core.workload.Workloads;
import io.loadlab.jmeter.amqp.AmqpConnectionConfig;
import io.loadlab.jmeter.net.NetCrrSampler;
import io.loadlab.jmeter.net.NetRrSampler;
import io.loadlab.jmeter.net.NetworkTarget;
import java.beans.BeanInfo;
import java.beans.Introspector;
import java.beans.PropertyDescriptor;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.apache.jmeter.testbeans.gui.GenericTestBeanCustomizer;
import org.junit.jupiter.api.Test;

/**
 * The samplers' fields that stand for a command's option are held against that option in the
 * workloads' registry: the same default (a size, a duration in milliseconds, on/off) and the same
 * choices. The GUI is another way to give the same settings, so a default changed in a workload's
 * descriptor and not in its element, or a provider added to {@code --provider} and not to the
 * element's list, fails here.
 */
class BeanDefaultsTest {
  /** A field of an element, the option it stands for, and the option's default in its terms. */
  private record Mapping(
      Class<?> element,
      String property,
      String command,
      String option,
      Function<String, Object> asField) {}

  private static final Function<String, Object> MILLIS =
      t -> (int) Durations.parse("--x", t).toMillis();
  private static final Function<String, Object> ON_OFF = t -> "on".equals(t) || "true".equals(t);
  private static final Function<String, Object> NUMBER = Integer::valueOf;

  private static final List<Mapping> MAPPINGS =
      List.of(
          new Mapping(NetworkTarget.class, "port", "net rr", "port", NUMBER),
          new Mapping(NetworkTarget.class, "noDelay", "net rr", "nodelay", ON_OFF),
          new Mapping(NetworkTarget.class, "connectTimeoutMs", "net rr", "connect-timeout", MILLIS),
          new Mapping(NetworkTarget.class, "udpTimeoutMs", "net rr", "udp-timeout", MILLIS));

  @Test
  void everyMappedFieldHasItsOptionsDefault() throws Exception {
    for (Mapping m : MAPPINGS) {
      OptionTable options = Workloads.installed().optionsOf(m.command());
      assertNotNull(options, m.command() + " is a registered command");
      OptionSpec spec = options.get(m.option());
      assertNotNull(spec, m + ": --" + m.option() + " is an option of " + m.command());
      assertNotNull(spec.defaultValue(), m + ": --" + m.option() + " states its default");
      assertEquals(
          m.asField().apply(spec.defaultValue()),
          descriptor(m.element(), m.property()).getValue(GenericTestBeanCustomizer.DEFAULT),
          m.element().getSimpleName() + "." + m.property() + " against --" + m.option());
    }
  }

  /**
   * {@code --request} and {@code --response} default by workload and protocol (the net workload
   * says which); the samplers' TCP defaults are those.
   */
  @Test
  void theSizesDefaultAsTheirWorkloadsOverTcp() throws Exception {
    for (var e :
        java.util.Map.of(NetRrSampler.class, NetWorkload.RR, NetCrrSampler.class, NetWorkload.CRR)
            .entrySet()) {
      assertEquals(
          e.getValue().defaultRequest(Transport.TCP),
          descriptor(e.getKey(), "requestSize").getValue(GenericTestBeanCustomizer.DEFAULT),
          e.getKey().getSimpleName() + ".requestSize");
      assertEquals(
          e.getValue().defaultResponse(Transport.TCP),
          descriptor(e.getKey(), "responseSize").getValue(GenericTestBeanCustomizer.DEFAULT),
          e.getKey().getSimpleName() + ".responseSize");
    }
  }

  @Test
  void theProtocolAndProviderListsAreTheCommandsChoices() throws Exception {
    assertEquals(
        List.of("tcp", "udp"),
        tags(NetRrSampler.class, "protocol").stream().map(t -> t.toLowerCase(Locale.ROOT)).toList(),
        "net rr --protocol takes tcp or udp");
    List<String> providers = new java.util.ArrayList<>(List.of(Providers.names().split(", ")));
    providers.add(JndiProvider.NAME);
    assertEquals(
        providers,
        tags(AmqpConnectionConfig.class, "provider"),
        "the connection element lists every built-in --provider and jndi, in --provider's order");
    assertEquals(
        Providers.defaultProvider().name(),
        descriptor(AmqpConnectionConfig.class, "provider")
            .getValue(GenericTestBeanCustomizer.DEFAULT));
  }

  private static List<String> tags(Class<?> element, String property) throws Exception {
    Object tags = descriptor(element, property).getValue(GenericTestBeanCustomizer.TAGS);
    assertNotNull(tags, element.getSimpleName() + "." + property + " is a list of choices");
    return Arrays.asList((String[]) tags);
  }

  private static PropertyDescriptor descriptor(Class<?> element, String property) throws Exception {
    BeanInfo info = Introspector.getBeanInfo(element);
    return Arrays.stream(info.getPropertyDescriptors())
        .filter(p -> p.getName().equals(property))
        .findFirst()
        .orElseThrow(() -> new AssertionError(element.getSimpleName() + " has no " + property));
  }
}
