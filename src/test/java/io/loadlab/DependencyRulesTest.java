package io.loadlab;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The build's dependency rules between the modules (docs/development.md): core below everything,
 * each workload module on core alone (none on another workload, core on none of them), the
 * provisioner on core, the campaign engine on both and below the front-ends, which reach it only
 * through its API, the package {@code io.loadlab.campaign} itself; no package cycle inside any
 * module; workloads' descriptors named by nobody but their own workload (everything else asks the
 * registry). Checked on the compiled main classes of every module on this class path (the JMeter
 * plugin's, a test dependency of dist for this); a break fails the build with the class and the
 * dependency that broke the rule.
 */
class DependencyRulesTest {
  /**
   * The workload modules (workloads/*) and their packages, which keep core's names: a move of
   * files, not of packages.
   */
  private static final Map<String, String[]> WORKLOADS =
      Map.of(
          "net", new String[] {"io.loadlab.core.net.."},
          "jms",
              new String[] {
                "io.loadlab.core.amqp..", "io.loadlab.core.jms..", "io.loadlab.core.broker.."
              },
          "ds2", new String[] {"io.loadlab.core.database..", "io.loadlab.core.ds2.."},
          "jmeter", new String[] {"io.loadlab.core.jmeter.."});

  /**
   * Each module's directory in the repository and its artifact, to find where a class came from.
   */
  private static final Map<String, String> MODULES =
      Map.of(
          "core", "loadlab-core",
          "workloads/net", "loadlab-workload-net",
          "workloads/jms", "loadlab-workload-jms",
          "workloads/ds2", "loadlab-workload-ds2",
          "workloads/jmeter", "loadlab-workload-jmeter",
          "provisioner", "loadlab-provisioner",
          "campaign", "loadlab-campaign",
          "cli", "loadlab-cli",
          "jmeter-plugin", "loadlab-jmeter-plugin");

  private static JavaClasses classes;

  @BeforeAll
  static void importClasses() {
    classes =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            // A module's test helpers come to this class path as its test jar once the module is
            // packaged (verify), not as target/test-classes: tests, not main classes, either way.
            .withImportOption(location -> !location.contains("-tests.jar"))
            .importPackages("io.loadlab");
  }

  @Test
  void coreDependsOnNeitherTheProvisionerNorTheCampaignEngine() {
    noClasses()
        .that()
        .resideInAPackage("io.loadlab.core..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("io.loadlab.provision..", "io.loadlab.campaign..", "io.loadlab.cli..")
        .check(classes);
  }

  @Test
  void coreDependsOnNoWorkload() {
    String[] workloads = WORKLOADS.values().stream().flatMap(Arrays::stream).toArray(String[]::new);
    noClasses()
        .that()
        .resideInAPackage("io.loadlab.core..")
        .and()
        .resideOutsideOfPackages(workloads)
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(workloads)
        .check(classes);
  }

  @Test
  void noWorkloadDependsOnAnother() {
    for (Map.Entry<String, String[]> w : WORKLOADS.entrySet()) {
      String[] others =
          WORKLOADS.entrySet().stream()
              .filter(o -> !o.getKey().equals(w.getKey()))
              .flatMap(o -> Arrays.stream(o.getValue()))
              .toArray(String[]::new);
      noClasses()
          .that()
          .resideInAnyPackage(w.getValue())
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(others)
          .as("workload module " + w.getKey() + " depends on no other workload")
          .check(classes);
    }
  }

  @Test
  void theProvisionerDependsOnNeitherTheCampaignEngineNorTheCommandLine() {
    noClasses()
        .that()
        .resideInAPackage("io.loadlab.provision..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("io.loadlab.campaign..", "io.loadlab.cli..")
        .check(classes);
  }

  @Test
  void theCampaignEngineDependsOnNoFrontEnd() {
    noClasses()
        .that()
        .resideInAPackage("io.loadlab.campaign..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("io.loadlab.cli..", "io.loadlab.jmeter..")
        .check(classes);
  }

  @Test
  void frontEndsReachTheCampaignEngineOnlyThroughItsApi() {
    noClasses()
        .that()
        .resideInAnyPackage("io.loadlab.cli..", "io.loadlab.jmeter..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.loadlab.campaign.*..")
        .check(classes);
  }

  @Test
  void noModuleHasAPackageCycle() {
    // io.loadlab.core's slices are core's packages and the workload modules' alike: a cycle inside
    // any of those modules is one among these slices.
    for (String module :
        new String[] {
          "io.loadlab.core",
          "io.loadlab.provision",
          "io.loadlab.campaign",
          "io.loadlab.cli",
          "io.loadlab.jmeter"
        }) {
      slices().matching(module + ".(*)..").should().beFreeOfCycles().check(classes);
    }
  }

  @Test
  void aWorkloadsDescriptorIsNamedOnlyByItsOwnWorkload() {
    // Everything else asks io.loadlab.core.workload.Workloads (and ServiceLoader finds them).
    org.junit.jupiter.api.Assertions.assertTrue(
        classes.that(resideInAPackage("io.loadlab.core.*.descriptor..")).size() >= 5,
        "the rule sees the descriptors of net, amqp, database, ds2 and jmeter");
    noClasses()
        .that()
        .resideOutsideOfPackages("io.loadlab.core.*.descriptor..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.loadlab.core.*.descriptor..")
        .check(classes);
    slices()
        .matching("io.loadlab.core.(*).descriptor..")
        .should()
        .notDependOnEachOther()
        .check(classes);
  }

  @Test
  void theRulesSeeEveryModule() {
    // A rule over no classes would pass whatever the code does: each module's main classes must be
    // imported, found by where they came from (the module's target/ in the reactor, its artifact
    // otherwise).
    for (Map.Entry<String, String> m : MODULES.entrySet()) {
      String dir = "/" + m.getKey() + "/target/";
      String artifact = "/io/loadlab/" + m.getValue() + "/";
      org.junit.jupiter.api.Assertions.assertTrue(
          classes.stream()
              .map(c -> c.getSource().map(s -> s.getUri().toString()).orElse(""))
              .anyMatch(u -> u.contains(dir) || u.contains(artifact)),
          "no class of module " + m.getKey());
    }
    for (String p :
        new String[] {
          "io.loadlab.core",
          "io.loadlab.core.workload",
          "io.loadlab.core.net.descriptor",
          "io.loadlab.core.amqp.descriptor",
          "io.loadlab.core.ds2.descriptor",
          "io.loadlab.core.jmeter.descriptor",
          "io.loadlab.provision",
          "io.loadlab.campaign",
          "io.loadlab.cli",
          "io.loadlab.jmeter"
        }) {
      org.junit.jupiter.api.Assertions.assertTrue(
          classes.stream().anyMatch(c -> c.getPackageName().startsWith(p)), "no class of " + p);
    }
  }
}
