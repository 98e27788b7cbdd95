package io.loadlab.provision.lab;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A lab's state as a plain map for the results ({@code RunInfo.testbed}): mode {@code netns-lab},
 * each host's namespace and addresses, each link's kind (bridge: like bridged networking; veth:
 * like a dedicated VF), MTU and delay.
 */
public final class LabDescription {
  private LabDescription() {}

  static Map<String, Object> of(Lab lab, LabNetwork net) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", lab.name());
    m.put("mode", "netns-lab");
    Map<String, Map<String, String>> addresses = net.addresses();
    Map<String, Object> hosts = new LinkedHashMap<>();
    lab.hosts()
        .forEach(
            (name, h) -> {
              Map<String, Object> hm = new LinkedHashMap<>();
              hm.put("namespace", net.namespace(name));
              hm.put("addresses", addresses.get(name));
              hm.put("sshd", h.runsSshd());
              hosts.put(name, hm);
            });
    m.put("hosts", hosts);
    List<Map<String, Object>> links = new ArrayList<>();
    for (int i = 0; i < lab.links().size(); i++) {
      links.add(link(lab, net, i));
    }
    m.put("links", links);
    return m;
  }

  private static Map<String, Object> link(Lab lab, LabNetwork net, int i) {
    Lab.LabLink l = lab.links().get(i);
    Map<String, Object> lm = new LinkedHashMap<>();
    lm.put("name", net.linkName(i));
    lm.put("kind", l.kind());
    lm.put("like", l.kind().equals("bridge") ? "bridged virtio networking" : "a dedicated VF");
    lm.put("hosts", l.hosts());
    lm.put("subnet", l.subnet());
    lm.put("mtu", l.mtuOrDefault());
    if (l.delay() != null) {
      lm.put("delayPerDirection", l.delay());
    }
    return lm;
  }

  /**
   * The description of the link an address is on, with the lab's name: what a run against that
   * address went over. Null if no link has the address.
   */
  public static Map<String, Object> forAddress(Lab lab, LabNetwork net, String address) {
    for (int i = 0; i < lab.links().size(); i++) {
      Lab.LabLink l = lab.links().get(i);
      Subnet s = Subnet.parse(l.subnet());
      for (int h = 0; h < l.hosts().size(); h++) {
        if (s.address(h).equals(address)) {
          Map<String, Object> m = new LinkedHashMap<>();
          m.put("lab", lab.name());
          m.put("mode", "netns-lab");
          m.put("server", l.hosts().get(h));
          m.put("link", link(lab, net, i));
          return m;
        }
      }
    }
    return null;
  }

  static void write(Path file, Map<String, Object> description) throws IOException {
    new ObjectMapper()
        .enable(SerializationFeature.INDENT_OUTPUT)
        .writeValue(file.toFile(), description);
  }
}
