package io.loadlab.provision.ssh;

import io.loadlab.provision.testbed.KnownHostLookup;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.PublicKey;
import java.util.Collections;
import java.util.List;
import org.apache.sshd.client.config.hosts.KnownHostEntry;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.apache.sshd.common.config.keys.PublicKeyEntryResolver;

/**
 * An OpenSSH known_hosts file: looks host keys up (plain and hashed entries, {@code [host]:port}
 * for ports other than 22) and appends new ones when the user asks to record them.
 */
public final class KnownHosts implements KnownHostLookup {
  /** How a presented key compares with the file. */
  public enum Verdict {
    MATCH,
    UNKNOWN,
    CHANGED
  }

  @Override
  public boolean isKnown(Path knownHostsFile, String address, int port) {
    try {
      return !entriesFor(knownHostsFile, address, port).isEmpty();
    } catch (IOException e) {
      return false;
    }
  }

  /** Compares the key a host presented with the keys the file holds for it. */
  public static Verdict verify(Path file, String address, int port, PublicKey presented)
      throws IOException {
    List<KnownHostEntry> entries = entriesFor(file, address, port);
    if (entries.isEmpty()) {
      return Verdict.UNKNOWN;
    }
    String type = KeyUtils.getKeyType(presented);
    boolean sameTypeSeen = false;
    for (KnownHostEntry e : entries) {
      if ("@revoked".equals(e.getMarker())) {
        continue;
      }
      PublicKey known = keyOf(e);
      if (known == null) {
        continue;
      }
      if (KeyUtils.compareKeys(known, presented)) {
        return Verdict.MATCH;
      }
      sameTypeSeen |= type != null && type.equals(KeyUtils.getKeyType(known));
    }
    // A host may have several key types; a different key of the same type means it changed.
    return sameTypeSeen ? Verdict.CHANGED : Verdict.UNKNOWN;
  }

  /** Appends a host's key to the file, creating it if needed. */
  public static void record(Path file, String address, int port, PublicKey key) throws IOException {
    String host = port == 22 ? address : "[" + address + "]:" + port;
    String line = host + " " + PublicKeyEntry.toString(key) + System.lineSeparator();
    if (file.getParent() != null) {
      Files.createDirectories(file.getParent());
    }
    Files.writeString(
        file, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
  }

  private static List<KnownHostEntry> entriesFor(Path file, String address, int port)
      throws IOException {
    if (!Files.isReadable(file)) {
      return List.of();
    }
    return KnownHostEntry.readKnownHostEntries(file).stream()
        .filter(e -> e.isHostMatch(address, port))
        .toList();
  }

  private static PublicKey keyOf(KnownHostEntry e) {
    try {
      return e.getKeyEntry()
          .resolvePublicKey(null, Collections.emptyMap(), PublicKeyEntryResolver.IGNORING);
    } catch (IOException | java.security.GeneralSecurityException ex) {
      return null;
    }
  }
}
