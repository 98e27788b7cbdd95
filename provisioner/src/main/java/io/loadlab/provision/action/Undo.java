package io.loadlab.provision.action;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What an applied action changed, with what is needed to undo it; teardown undoes the records in
 * reverse order.
 *
 * @param kind what was changed: {@code volume}, {@code domain}, {@code started}, {@code sysctl},
 *     {@code hugepages}, {@code service}, {@code irq}, {@code ethtool}, {@code sriov-vfs}, {@code
 *     mtu}, {@code offloads}, {@code coalescing}, {@code role}
 * @param machine the host or guest it was changed on
 * @param data the details, such as the previous value
 */
public record Undo(String kind, String machine, Map<String, String> data) {
  public Undo {
    data = data == null ? Map.of() : new LinkedHashMap<>(data);
  }

  public String get(String key) {
    return data.get(key);
  }
}
