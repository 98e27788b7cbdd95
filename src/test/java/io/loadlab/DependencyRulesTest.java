package io.loadlab;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The build's dependency rules between the modules (docs/development.md): core below everything,
 * the provisioner on core, the campaign engine on both and below the front-ends, which reach it
 * only through its API, the package {@code io.loadlab.campaign} itself; no package cycle inside any
 * module; workloads' descriptors named by nobody but their own workload (everything else asks the
 * registry). Checked on the compiled main classes of every module on this class path (the JMeter
 * plugin's, a test dependency of dist for this); a break fails the build with the class and the
 * dependency that broke the rule.
 */
class DependencyRulesTest {
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
    // A rule over no classes would pass whatever the code does: each module must be imported.
    for (String p :
        new String[] {
          "io.loadlab.core",
          "io.loadlab.core.workload",
          "io.loadlab.core.net.descriptor",
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
