package io.loadlab.jmeter;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeoutException;
import org.apache.jmeter.config.Arguments;
import org.apache.jmeter.control.LoopController;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jmeter.engine.util.NoThreadClone;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleListener;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.testelement.TestPlan;
import org.apache.jmeter.threads.ThreadGroup;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.ListedHashTree;

/**
 * Runs a test plan in-process with JMeter's {@link StandardJMeterEngine}, as JMeter's own tests do:
 * a JMeter home in {@code target/jmeter-home} with minimal properties, a plan of one thread group,
 * and a listener that collects every sample.
 */
public final class EngineHarness {
  private static boolean initialised;

  private EngineHarness() {}

  /** Sets JMeter up once per JVM: a home of its own and properties. */
  public static synchronized void init() throws IOException {
    if (initialised) {
      return;
    }
    // In the module's build directory, not the system's temporary one: nothing is left in /tmp.
    Path home = Files.createDirectories(Path.of("target", "jmeter-home").toAbsolutePath());
    Path bin = Files.createDirectories(home.resolve("bin"));
    Path props = bin.resolve("jmeter.properties");
    Files.writeString(props, "jmeter.save.saveservice.output_format=csv\n");
    JMeterUtils.setJMeterHome(home.toString());
    JMeterUtils.loadJMeterProperties(props.toString());
    JMeterUtils.setLocale(Locale.ENGLISH);
    JMeterUtils.initLocale();
    initialised = true;
  }

  /** Collects every sample of the run it is part of. */
  public static final class Collector extends AbstractTestElement
      implements SampleListener, NoThreadClone {
    private static final long serialVersionUID = 1L;
    private final transient List<SampleResult> samples = new CopyOnWriteArrayList<>();

    @Override
    public void sampleOccurred(SampleEvent e) {
      samples.add(e.getResult());
    }

    @Override
    public void sampleStarted(SampleEvent e) {}

    @Override
    public void sampleStopped(SampleEvent e) {}

    public List<SampleResult> samples() {
      return samples;
    }
  }

  /** A thread group of {@code threads} threads running {@code loops} iterations each. */
  public static ThreadGroup threadGroup(int threads, int loops) {
    LoopController loop = new LoopController();
    loop.setLoops(loops);
    loop.setFirst(true);
    loop.setProperty(TestElement.TEST_CLASS, LoopController.class.getName());
    loop.initialize();
    ThreadGroup group = new ThreadGroup();
    group.setName("users");
    group.setNumThreads(threads);
    group.setRampUp(0);
    group.setSamplerController(loop);
    group.setProperty(TestElement.TEST_CLASS, ThreadGroup.class.getName());
    return group;
  }

  /**
   * Runs a plan whose test-plan level holds {@code planElements} (config elements, listeners) and
   * whose one thread group holds {@code groupElements} (samplers), and returns the collected
   * samples.
   */
  public static List<SampleResult> run(
      ThreadGroup group,
      List<? extends TestElement> planElements,
      List<? extends TestElement> groupElements,
      Duration timeout)
      throws Exception {
    return run(Map.of(), group, planElements, groupElements, timeout);
  }

  /** Like {@link #run(ThreadGroup, List, List, Duration)} with user-defined plan variables. */
  public static List<SampleResult> run(
      Map<String, String> variables,
      ThreadGroup group,
      List<? extends TestElement> planElements,
      List<? extends TestElement> groupElements,
      Duration timeout)
      throws Exception {
    return run(variables, group, planElements, groupElements, null, timeout);
  }

  /**
   * Runs a plan and, if {@code stopAfter} is set, stops it after that long as JMeter's Stop button
   * does; returns the collected samples.
   */
  public static List<SampleResult> run(
      Map<String, String> variables,
      ThreadGroup group,
      List<? extends TestElement> planElements,
      List<? extends TestElement> groupElements,
      Duration stopAfter,
      Duration timeout)
      throws Exception {
    init();
    TestPlan plan = new TestPlan("plan");
    Arguments vars = new Arguments();
    variables.forEach(vars::addArgument);
    plan.setUserDefinedVariables(vars);
    Collector collector = new Collector();
    ListedHashTree tree = new ListedHashTree();
    HashTree planTree = tree.add(plan);
    for (TestElement e : planElements) {
      planTree.add(e);
    }
    planTree.add(collector);
    HashTree groupTree = planTree.add(group);
    for (TestElement e : groupElements) {
      groupTree.add(e);
    }
    StandardJMeterEngine engine = new StandardJMeterEngine();
    engine.configure(tree);
    engine.runTest();
    if (stopAfter != null) {
      Thread.sleep(stopAfter.toMillis());
      engine.stopTest(true); // "Stop": interrupts samplers that implement Interruptible
    }
    try {
      engine.awaitTermination(timeout);
    } catch (TimeoutException e) {
      engine.stopTest(true);
      fail("the test did not end within " + timeout);
    }
    return collector.samples();
  }

  /** Sets a TestBean property as a .jmx file would (the engine copies it into the field). */
  public static <T extends TestElement> T with(T element, String name, Object value) {
    if (value instanceof Boolean b) {
      element.setProperty(name, b);
    } else if (value instanceof Integer i) {
      element.setProperty(name, i);
    } else {
      element.setProperty(name, String.valueOf(value));
    }
    return element;
  }

  /** Asserts JMeter's timing invariant connect ≤ latency ≤ elapsed. */
  public static void assertTimings(SampleResult s) {
    assertTrue(
        s.getConnectTime() <= s.getLatency() && s.getLatency() <= s.getTime(),
        "connect "
            + s.getConnectTime()
            + " <= latency "
            + s.getLatency()
            + " <= elapsed "
            + s.getTime());
  }
}
