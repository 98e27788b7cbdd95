package io.loadlab.provision.testbed;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Whether each host of a testbed answers on its SSH port, by a plain TCP connect (no SSH, no
 * login): what a plan can check about the network before anything is applied. All hosts are tried
 * at once, so a testbed costs one timeout at most. Guests are not tried: they exist only once
 * applied.
 */
public final class SshPortCheck {
  /** How long a host has to accept the connection. */
  public static final Duration TIMEOUT = Duration.ofSeconds(3);

  private SshPortCheck() {}

  /**
   * The hosts of the testbeds (by file) that do not answer, one problem each, as {@link
   * TestbedValidator} words them: {@code file: hosts.NAME.address: ...}. Each address and port is
   * tried once, however many testbeds name it. Hosts without an address or with a port out of range
   * are left to {@link TestbedValidator#checkFile}.
   */
  public static List<String> unreachable(Map<Path, Testbed> testbeds, Duration timeout) {
    Map<String, Host> targets = new LinkedHashMap<>();
    testbeds
        .values()
        .forEach(
            t ->
                t.hosts().values().stream()
                    .filter(SshPortCheck::triable)
                    .forEach(h -> targets.putIfAbsent(key(h), h)));
    if (targets.isEmpty()) {
      return List.of();
    }
    ExecutorService pool =
        Executors.newFixedThreadPool(
            Math.min(targets.size(), 32),
            r -> {
              Thread th = new Thread(r, "loadlab-ssh-port-check");
              th.setDaemon(true);
              return th;
            });
    try {
      Map<String, Future<String>> answers = new LinkedHashMap<>();
      targets.forEach((k, h) -> answers.put(k, pool.submit(() -> problem(h, timeout))));
      List<String> problems = new ArrayList<>();
      for (Map.Entry<Path, Testbed> tb : testbeds.entrySet()) {
        for (Map.Entry<String, Host> h : tb.getValue().hosts().entrySet()) {
          if (triable(h.getValue())) {
            String p = answers.get(key(h.getValue())).get();
            if (p != null) {
              problems.add(tb.getKey() + ": hosts." + h.getKey() + ".address: " + p);
            }
          }
        }
      }
      return problems;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while trying the testbeds' SSH ports", e);
    } catch (ExecutionException e) {
      throw new IllegalStateException(e.getCause());
    } finally {
      pool.shutdownNow();
    }
  }

  private static String key(Host h) {
    return h.address().trim() + ":" + h.sshPort();
  }

  /**
   * The hosts {@link #unreachable} tries: {@code NAME (ADDRESS:PORT)}, for saying what it skips.
   */
  public static List<String> describe(Testbed t) {
    List<String> out = new ArrayList<>();
    t.hosts()
        .forEach(
            (name, h) -> {
              if (triable(h)) {
                out.add(name + " " + key(h));
              }
            });
    return out;
  }

  private static boolean triable(Host h) {
    return h.address() != null
        && !h.address().isBlank()
        && h.sshPort() >= 1
        && h.sshPort() <= 65535;
  }

  /** Null if the host accepts a connection on its SSH port, else what went wrong and the fix. */
  private static String problem(Host h, Duration timeout) {
    String address = h.address().trim();
    String where = address + " port " + h.sshPort();
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(address, h.sshPort()), (int) timeout.toMillis());
      return null;
    } catch (UnknownHostException e) {
      return "'" + address + "' is not a known host name; give its IP address or fix the name";
    } catch (SocketTimeoutException e) {
      return where
          + " did not answer in "
          + timeout.toSeconds()
          + " s; check the machine is on and reachable from here (or plan with --offline)";
    } catch (ConnectException e) {
      return where
          + " refused the connection; start its sshd or fix the port (or plan with --offline)";
    } catch (IOException e) {
      return where
          + " cannot be reached ("
          + e.getMessage()
          + "); check the route to it (or plan with --offline)";
    }
  }
}
