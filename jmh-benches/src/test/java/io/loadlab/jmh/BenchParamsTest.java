package io.loadlab.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.options.OptionSpec;
import io.loadlab.core.options.OptionSpec.Type;
import io.loadlab.core.options.OptionTable;
import io.loadlab.core.util.Sizes;
import io.loadlab.core.workload.Workloads;
import io.loadlab.jmh.amqp.AmqpPublishBench;
import io.loadlab.jmh.amqp.AmqpRoundTripBench;
import io.loadlab.jmh.net.NetBench;
import io.loadlab.jmh.net.UdpBench;
import java.lang.reflect.Field;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Param;

/**
 * The JMH parameters that stand for a command's option are held against that option in the
 * workloads' registry: the option exists with the parameter's kind, and every value a benchmark
 * sweeps is one the command takes. So a benchmark's {@code -p size=…} means what {@code --size}
 * means, and an option renamed or narrowed in its descriptor fails here, not in a reader's head.
 */
class BenchParamsTest {
  /** A benchmark's parameter and the option it stands for. */
  private record Mapping(Class<?> state, String field, String command, String option) {}

  private static final List<Mapping> MAPPINGS =
      List.of(
          new Mapping(NetBench.Client.class, "size", "net rr", "request"),
          new Mapping(NetBench.Client.class, "size", "net rr", "response"),
          new Mapping(stateOf(UdpBench.class), "datagram", "net rr", "request"),
          new Mapping(AmqpPublishBench.Publisher.class, "size", "amqp throughput", "size"),
          new Mapping(AmqpPublishBench.Publisher.class, "persistent", "amqp throughput", "durable"),
          new Mapping(stateOf(AmqpRoundTripBench.class), "size", "amqp latency", "size"));

  @Test
  void everyMappedParameterIsAnOptionOfItsCommandAndEveryValueOneItTakes() throws Exception {
    for (Mapping m : MAPPINGS) {
      OptionTable options = Workloads.installed().optionsOf(m.command());
      assertNotNull(options, m.command() + " is a registered command");
      OptionSpec spec = options.get(m.option());
      assertNotNull(spec, m + ": --" + m.option() + " is an option of " + m.command());
      Field f = m.state().getField(m.field());
      Param param = f.getAnnotation(Param.class);
      assertNotNull(param, m + ": a @Param field");
      if (f.getType() == boolean.class) {
        assertEquals(OptionSpec.Kind.FLAG, spec.kind(), m + ": a boolean parameter is a flag");
        continue;
      }
      assertEquals(Type.SIZE, spec.type(), m + ": a size parameter is a size option");
      long min = spec.range() == null ? 0 : spec.range().min();
      for (String value : param.value()) {
        List<Long> parsed = Sizes.parseBytesList("--" + m.option(), value, min);
        assertEquals(List.of(Long.parseLong(value)), parsed, m + ": " + value);
        if (spec.range() != null) {
          assertTrue(parsed.get(0) <= spec.range().max(), m + ": " + value + " within the range");
        }
      }
    }
  }

  /** The nested @State class of {@code bench} that holds its parameters. */
  private static Class<?> stateOf(Class<?> bench) {
    return Arrays.stream(bench.getClasses())
        .filter(
            c -> Arrays.stream(c.getFields()).anyMatch(f -> f.getAnnotation(Param.class) != null))
        .findFirst()
        .orElseThrow(() -> new IllegalStateException(bench + " has no @Param state"));
  }
}
