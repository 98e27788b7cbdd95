package io.loadlab.jmeter;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.jmeter.samplers.Sampler;
import org.junit.jupiter.api.Test;

/**
 * Every sampler of the plugin has an example plan in {@code src/test/jmeter} that uses it (and
 * ExamplePlansIT runs each plan on a real JMeter): a user learns a sampler from a plan that works.
 */
class ExamplePlanCoverageTest {
  @Test
  void everySamplerIsInAnExamplePlan() throws Exception {
    List<String> plans = new ArrayList<>();
    try (Stream<Path> files = Files.list(Path.of("src", "test", "jmeter"))) {
      for (Path f : files.filter(p -> p.toString().endsWith(".jmx")).toList()) {
        plans.add(Files.readString(f));
      }
    }
    List<Class<?>> samplers =
        BeanInfoTest.elements().filter(Sampler.class::isAssignableFrom).toList();
    assertTrue(samplers.size() >= 10, "the plugin's samplers: " + samplers);
    for (Class<?> sampler : samplers) {
      String element = "testclass=\"" + sampler.getName() + "\"";
      assertTrue(
          plans.stream().anyMatch(p -> p.contains(element)),
          sampler.getSimpleName() + " has no example plan in src/test/jmeter");
    }
  }
}
