package io.loadlab.provision.libvirt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.loadlab.core.failure.UsageException;
import io.loadlab.provision.testbed.Host;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The choice between KVM and emulation from libvirt's capabilities and the machine's kernel
 * modules: no usable KVM with {@code virtualization: kvm} and no x86_64 emulator (qemu missing) are
 * one line naming the field and the fix (exit 2).
 */
class VirtualizationTest {
  static final String URI = "qemu:///system";

  @TempDir Path modules;

  static String caps(boolean x86, boolean kvm) {
    String domains = "<domain type='qemu'/>" + (kvm ? "<domain type='kvm'/>" : "");
    String guest =
        x86
            ? "<guest><os_type>hvm</os_type><arch name='x86_64'>"
                + "<emulator>/usr/bin/qemu-system-x86_64</emulator>"
                + domains
                + "</arch></guest>"
            : "";
    return "<capabilities><host><cpu><arch>x86_64</arch></cpu></host>" + guest + "</capabilities>";
  }

  static Host host(boolean local, String virtualization) {
    return new Host(
        "10.0.0.1", null, "root", null, null, null, URI, null, local, virtualization, null);
  }

  void modules(String... names) throws Exception {
    for (String n : names) {
      Files.createDirectories(modules.resolve(n));
    }
  }

  static void assertOneLine(String m) {
    assertFalse(m.contains("\n"), m);
  }

  @Test
  void noKvmDomainWithVirtualizationKvmIsOneLineNamingTheFix() {
    UsageException e =
        assertThrows(
            UsageException.class,
            () ->
                Virtualization.decide("kvm1", host(false, "kvm"), URI, caps(true, false), modules));
    assertEquals(2, e.exitCode());
    assertOneLine(e.getMessage());
    assertTrue(
        e.getMessage()
            .startsWith(
                "hosts.kvm1.virtualization: kvm, but kvm1 has no usable KVM (libvirt offers no kvm"
                    + " domain type (no /dev/kvm)); set virtualization: auto or tcg"),
        e.getMessage());
  }

  @Test
  void virtualizationDefaultsToKvmAndFailsWithoutIt() {
    UsageException e =
        assertThrows(
            UsageException.class,
            () ->
                Virtualization.decide("kvm1", host(false, null), URI, caps(true, false), modules));
    assertTrue(e.getMessage().contains("set virtualization: auto or tcg"), e.getMessage());
  }

  @Test
  void localKvmPvmOnlyIsNotUsableKvm() throws Exception {
    modules("kvm", "kvm_pvm");
    UsageException e =
        assertThrows(
            UsageException.class,
            () -> Virtualization.decide("kvm1", host(true, "kvm"), URI, caps(true, true), modules));
    assertOneLine(e.getMessage());
    assertTrue(e.getMessage().contains("has no usable KVM (its /dev/kvm is the nested kvm_pvm"));
    assertTrue(e.getMessage().contains("set virtualization: auto or tcg"), e.getMessage());
    assertEquals(
        "tcg", Virtualization.decide("kvm1", host(true, "auto"), URI, caps(true, true), modules));
  }

  @Test
  void hardwareKvmBesidePvmOrRemoteHostIsUsable() throws Exception {
    modules("kvm", "kvm_pvm", "kvm_intel");
    assertEquals(
        "kvm", Virtualization.decide("kvm1", host(true, "kvm"), URI, caps(true, true), modules));
    Path pvmOnly = Files.createDirectories(modules.resolve("other"));
    Files.createDirectories(pvmOnly.resolve("kvm_pvm"));
    assertEquals(
        "kvm", Virtualization.decide("kvm1", host(false, "auto"), URI, caps(true, true), pvmOnly));
  }

  @Test
  void autoAndTcgEmulateWithoutKvm() {
    assertEquals(
        "tcg", Virtualization.decide("kvm1", host(false, "auto"), URI, caps(true, false), modules));
    assertEquals(
        "tcg", Virtualization.decide("kvm1", host(false, "tcg"), URI, caps(true, true), modules));
  }

  @Test
  void noX86EmulatorMeansQemuMissing() {
    UsageException e =
        assertThrows(
            UsageException.class,
            () ->
                Virtualization.decide(
                    "kvm1", host(true, "auto"), URI, caps(false, false), modules));
    assertEquals(2, e.exitCode());
    assertOneLine(e.getMessage());
    assertEquals(
        "hosts.kvm1: libvirt at "
            + URI
            + " offers no x86_64 guests (qemu missing); install qemu-system-x86 on the host and"
            + " restart libvirtd",
        e.getMessage());
  }
}
