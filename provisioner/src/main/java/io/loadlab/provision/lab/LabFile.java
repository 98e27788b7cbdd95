package io.loadlab.provision.lab;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.util.Durations;
import io.loadlab.core.util.Texts;
import io.loadlab.provision.testbed.YamlFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Reads and checks {@code lab.yaml}. */
public final class LabFile {
  private LabFile() {}

  public static Lab read(Path file) {
    Lab lab = YamlFiles.read(file, Lab.class);
    List<String> p = new ArrayList<>();
    if (lab.name() == null || !lab.name().matches("[a-z0-9][a-z0-9-]{0,15}")) {
      p.add(
          file
              + ": name: '"
              + Texts.cut(lab.name())
              + "' must be 1-16 of a-z, 0-9 and '-'; e.g. lab1");
    }
    if (lab.hosts().isEmpty()) {
      p.add(file + ": hosts: none; declare at least two hosts");
    }
    for (String h : lab.hosts().keySet()) {
      if (!h.matches("[a-z0-9][a-z0-9-]{0,15}")) {
        p.add(file + ": hosts." + h + ": names are 1-16 of a-z, 0-9 and '-'");
      }
    }
    Set<String> subnets = new HashSet<>();
    for (int i = 0; i < lab.links().size(); i++) {
      Lab.LabLink l = lab.links().get(i);
      String f = file + ": links[" + i + "]";
      if (!"bridge".equals(l.kind()) && !"veth".equals(l.kind())) {
        p.add(f + ".kind: '" + Texts.cut(l.kind()) + "' is unknown; use bridge or veth");
      } else if ("veth".equals(l.kind()) && l.hosts().size() != 2) {
        p.add(f + ".hosts: a veth link joins exactly two hosts; use kind: bridge for more");
      } else if (l.hosts().size() < 2) {
        p.add(f + ".hosts: a link needs at least two hosts");
      }
      if (new HashSet<>(l.hosts()).size() != l.hosts().size()) {
        p.add(f + ".hosts: a host is listed twice");
      }
      for (String h : l.hosts()) {
        if (!lab.hosts().containsKey(h)) {
          p.add(
              f
                  + ".hosts: '"
                  + Texts.cut(h)
                  + "' is not a host of this lab; use one of "
                  + lab.hosts().keySet());
        }
      }
      try {
        Subnet s = Subnet.parse(l.subnet());
        if (l.joinsThisMachine() && s.capacity() < l.hosts().size() + 1) {
          p.add(f + ".subnet: " + l.subnet() + " has no address left for this machine (local)");
        } else if (s.capacity() < l.hosts().size()) {
          p.add(f + ".subnet: " + l.subnet() + " is too small for " + l.hosts().size() + " hosts");
        }
        if (!subnets.add(s.network())) {
          p.add(f + ".subnet: " + l.subnet() + " is used by another link; give each link its own");
        }
      } catch (IllegalArgumentException e) {
        p.add(
            f
                + ".subnet: '"
                + Texts.cut(l.subnet())
                + "' is not an IPv4 subnet; use e.g. 10.213.1.0/24");
      }
      if (l.joinsThisMachine() && !"bridge".equals(l.kind())) {
        p.add(f + ".local: only a bridge link can join this machine; use kind: bridge");
      }
      if (l.mtu() != null && (l.mtu() < 576 || l.mtu() > 65535)) {
        p.add(f + ".mtu: " + l.mtu() + " is out of range; use 576-65535");
      }
      if (l.delay() != null) {
        try {
          Durations.parse("delay", l.delay());
        } catch (UsageException e) {
          p.add(
              f
                  + ".delay: '"
                  + Texts.cut(l.delay())
                  + "' is not a duration; use e.g. 500us or 1ms");
        }
      }
    }
    if (!p.isEmpty()) {
      throw new UsageException(String.join("\n", p));
    }
    return lab;
  }
}
