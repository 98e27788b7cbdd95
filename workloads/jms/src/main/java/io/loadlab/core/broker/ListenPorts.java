package io.loadlab.core.broker;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.util.Texts;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

/** Probes listen addresses before the broker binds: a port in use, or a free one. */
final class ListenPorts {
  private ListenPorts() {}

  static boolean canListen(String host, int port) {
    try (ServerSocket s = new ServerSocket()) {
      s.setReuseAddress(true);
      s.bind(new InetSocketAddress(InetAddress.getByName(host), port));
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  static int freePort(String host) {
    try (ServerSocket s = new ServerSocket()) {
      s.setReuseAddress(true);
      s.bind(new InetSocketAddress(InetAddress.getByName(host), 0));
      return s.getLocalPort();
    } catch (IOException e) {
      throw new UsageException(
          "--host: cannot listen on '" + Texts.cut(host) + "': " + e.getMessage());
    }
  }
}
