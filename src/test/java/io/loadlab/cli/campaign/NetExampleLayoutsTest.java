package io.loadlab.cli.campaign;

import static io.loadlab.cli.campaign.NetReportTables.EXAMPLES;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.loadlab.cli.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The network examples lay out their first tables as their lab reports do (seed 001: TCP and UDP,
 * networking method × MTU; seed 002: Tables 4 and 7, users × MTU), run the reports' workloads, and
 * describe the report's machines in their testbeds; the campaigns CampaignFileTest does not plan
 * (rehearsal-ssh.yaml) plan here.
 */
@Timeout(120)
class NetExampleLayoutsTest {
  private static final Path SPARC = EXAMPLES.resolve("virtual-net-latency");
  private static final Path ZVM = EXAMPLES.resolve("net-transactions");

  @Test
  void sparcHardwareCampaignLaysOutTheReportsTcpAndUdpTables() throws Exception {
    JsonNode c = NetReportTables.read(SPARC.resolve("campaign.yaml"));
    assertEquals(NetReportTables.SPARC_ROWS, NetReportTables.attributeValues(c, "method"));
    assertEquals(List.of("1500", "9000"), NetReportTables.attributeValues(c, "MTU"));
    assertSparcTables(c);
    // 20 samples of 30 s, averaged; 1-byte single-in-flight RR; one stream of 1 MB messages.
    assertEquals(20, c.get("iterations").asInt());
    for (JsonNode s : c.get("steps")) {
      assertEquals("30s", s.get("options").get("duration").asText(), s.toString());
      assertEquals(1, s.get("options").get("users").asInt(), s.toString());
    }
    JsonNode tcpRr = step(c, "tcp-latency");
    assertEquals("1", tcpRr.get("options").get("request").asText());
    assertEquals("1", tcpRr.get("options").get("response").asText());
    JsonNode tcpStream = step(c, "tcp-bandwidth");
    assertEquals("1M", tcpStream.get("options").get("request").asText(), "1,048,576 bytes");
    assertEquals("0", tcpStream.get("options").get("response").asText(), "one way");
    assertEquals("udp", step(c, "udp-latency").get("options").get("protocol").asText());
    assertEquals("udp", step(c, "udp-bandwidth").get("options").get("protocol").asText());
    for (String s : List.of("tcp-bandwidth", "udp-bandwidth")) {
      assertTrue(figures(c, s).contains("cpuUsPerMB"), s);
      assertTrue(!figures(c, s).contains("cpuUsPerOp"), s + ": no CPU per operation");
    }
  }

  @Test
  void sparcRehearsalLaysOutTheSameTablesOverItsStandIns() throws Exception {
    JsonNode c = NetReportTables.read(SPARC.resolve("rehearsal.yaml"));
    // A direct link stands in for assigned I/O, a bridge for paravirtual I/O.
    assertEquals(
        List.of("assigned I/O", "paravirtual I/O"), NetReportTables.attributeValues(c, "method"));
    for (JsonNode conf : c.get("configurations")) {
      String method = conf.get("attributes").get("method").asText();
      assertTrue(
          conf.get("name").asText().startsWith(method.startsWith("assigned") ? "direct" : "bridge"),
          conf.toString());
      String lab = Files.readString(SPARC.resolve(conf.get("lab").asText()));
      assertTrue(
          lab.contains("mtu: " + conf.get("attributes").get("MTU").asText() + "}"),
          "the lab's link has the configuration's MTU: " + lab);
    }
    assertSparcTables(c);
  }

  /**
   * The hardware testbeds differ as the report's configurations do: MTU set per interface (hosts)
   * and per guest NIC, LRO off, assigned I/O a whole PCI device, SR-IOV a VF of a port with VFs,
   * guests of 32 vCPUs and 64 GB bound to one NUMA node.
   */
  @Test
  void sparcTestbedsMatchTheReport() throws Exception {
    JsonNode c = NetReportTables.read(SPARC.resolve("campaign.yaml"));
    for (JsonNode conf : c.get("configurations")) {
      JsonNode tb = NetReportTables.read(SPARC.resolve(conf.get("testbed").asText()));
      String mtu = conf.get("attributes").get("MTU").asText();
      String method = conf.get("attributes").get("method").asText();
      String where = conf.get("testbed").asText() + ": ";
      for (JsonNode h : tb.get("hosts")) {
        JsonNode tuning = h.get("tuning");
        if (method.equals("assigned I/O")) {
          assertEquals("intel_iommu=on", tuning.get("kernel-cmdline").get(0).asText(), where);
          continue; // the NIC is the guest's: its MTU and LRO are set in the guest
        }
        assertEquals(mtu, tuning.get("mtu").get("ixgbe0").asText(), where + "host MTU");
        // `lro: off` as the spec writes it; YAML 1.1 reads an unquoted off as false.
        String lro = tuning.get("offloads").get(0).get("lro").asText();
        assertTrue(lro.equals("off") || lro.equals("false"), where + "LRO off: " + lro);
        if (method.equals("paravirtual I/O")) {
          assertEquals(mtu, tuning.get("mtu").get("br0").asText(), where + "bridge MTU");
        }
        if (method.equals("SR-IOV")) {
          assertEquals(1, tuning.get("sriov").get(0).get("vfs").asInt(), where);
          assertEquals("intel_iommu=on", tuning.get("kernel-cmdline").get(0).asText(), where);
        }
      }
      if (method.equals("Native/Bare Metal")) {
        assertTrue(tb.path("guests").isMissingNode(), where + "no guests");
        continue;
      }
      assertEquals(2, tb.get("guests").size(), where);
      for (JsonNode g : tb.get("guests")) {
        assertEquals(32, g.get("vcpus").asInt(), where);
        assertEquals("64G", g.get("memory").asText(), where);
        assertEquals("numa-node", g.get("pinning").get("policy").asText(), where);
        JsonNode net = g.get("network");
        assertEquals(mtu, net.get("mtu").asText(), where + "guest MTU");
        String mode =
            switch (method) {
              case "assigned I/O" -> "pci";
              case "SR-IOV" -> "sriov";
              default -> "bridge";
            };
        assertEquals(mode, net.get("mode").asText(), where);
      }
    }
  }

  @Test
  void zvmRehearsalLaysOutTheReportsTables4And7() throws Exception {
    JsonNode c = NetReportTables.read(ZVM.resolve("rehearsal.yaml"));
    assertEquals(List.of("QDIO GbE", "VCTC"), NetReportTables.attributeValues(c, "device"));
    JsonNode t4 = c.get("tables").get(0);
    assertEquals(NetReportTables.ZVM_TABLE_4, t4.get("title").asText());
    // As printed: a row per workload and users, the MTU sizes across (Table 4: 1500, 9000).
    assertEquals("rows", t4.get("values-in").asText());
    assertEquals(
        NetReportTables.zvmPrintedHeader("Workload / number of users", 1500, 9000),
        NetReportTables.header(c, t4));
    assertEquals(
        NetReportTables.ZVM_VALUES,
        NetReportTables.valueHeaders(t4),
        "the report's row groups, in its order");
    JsonNode t7 = c.get("tables").get(1);
    assertEquals(NetReportTables.ZVM_TABLE_7, t7.get("title").asText());
    // Table 7 (VCTC) has every MTU column of the report: 1500, 8192, 32760.
    assertEquals("rows", t7.get("values-in").asText());
    assertEquals(
        NetReportTables.zvmPrintedHeader("Workload / number of users", 1500, 8192, 32760),
        NetReportTables.header(c, t7));
    for (JsonNode s : c.get("steps")) {
      assertEquals(
          NetReportTables.ZVM_USERS, texts(s.get("sweep").get("users")), "users " + s.get("name"));
    }
    // The report's transactions: RR 200 in / 1000 out, CRR 64 / 8192, STRG 20 / 20 MB.
    assertSizes(step(c, "rr"), "200", "1000");
    assertSizes(step(c, "crr"), "64", "8192");
    assertSizes(step(c, "strg"), "20", "20M");
    assertTrue(figures(c, "strg").contains("cpuUsPerMB"), "CPU time per MB");
  }

  @Test
  void zvmSshRehearsalLaysOutTheRrPartOfTable4AndPlans() throws Exception {
    JsonNode c = NetReportTables.read(ZVM.resolve("rehearsal-ssh.yaml"));
    JsonNode t = c.get("tables").get(0);
    assertEquals(NetReportTables.ZVM_TABLE_4, t.get("title").asText());
    assertEquals(
        NetReportTables.zvmPrintedHeader("Workload / users per client (of two)", 1500, 9000),
        NetReportTables.header(c, t));
    assertEquals(
        List.of(NetReportTables.ZVM_VALUES.get(0), NetReportTables.ZVM_VALUES.get(3)),
        NetReportTables.valueHeaders(t));
    // Two clients: 5, 10 and 25 users each are the report's 10, 20 and 50.
    assertEquals(List.of("5", "10", "25"), texts(step(c, "rr").get("sweep").get("users")));
    assertEquals(2, step(c, "rr").get("on").size());
    assertSizes(step(c, "rr"), "200", "1000");
    CliRun r = CliRun.of("campaign", "plan", ZVM.resolve("rehearsal-ssh.yaml").toString());
    assertEquals(0, r.code(), r.out() + r.err());
  }

  /**
   * Seed 002's interconnects as its text names them: the one each rehearsal configuration's {@code
   * device} stands in for must be the one its lab file's comment names, and no other (the bridge is
   * the OSA Express GbE card in QDIO mode, the direct link the virtual CTC).
   */
  private static final java.util.Map<String, String> ZVM_DEVICES =
      java.util.Map.of(
          "QDIO GbE", "QDIO",
          "VCTC", "virtual CTC",
          "guest LAN", "guest LAN",
          "HiperSockets", "HiperSockets");

  @Test
  void zvmLabCommentsNameTheDeviceTheirConfigurationStandsFor() throws Exception {
    List<String> wrong = new ArrayList<>();
    for (String rehearsal : List.of("rehearsal.yaml", "rehearsal-ssh.yaml")) {
      for (JsonNode conf : NetReportTables.read(ZVM.resolve(rehearsal)).get("configurations")) {
        String device = conf.get("attributes").get("device").asText();
        Path lab = ZVM.resolve(conf.get("lab").asText());
        StringBuilder comment = new StringBuilder();
        for (String line : Files.readAllLines(lab)) {
          if (!line.startsWith("#")) {
            break;
          }
          comment.append(line.substring(1).strip()).append(' ');
        }
        String text = comment.toString();
        assertTrue(ZVM_DEVICES.containsKey(device), rehearsal + ": device " + device);
        ZVM_DEVICES.forEach(
            (d, words) -> {
              if (d.equals(device) != text.contains(words)) {
                wrong.add(
                    rehearsal
                        + " "
                        + conf.get("name").asText()
                        + " ("
                        + device
                        + "): "
                        + lab.getFileName()
                        + (d.equals(device) ? " does not name " : " names ")
                        + words);
              }
            });
      }
    }
    assertEquals(List.of(), wrong, "the labs' comments and the configurations disagree");
  }

  private static void assertSparcTables(JsonNode c) {
    JsonNode tables = c.get("tables");
    assertEquals(2, tables.size());
    for (int i = 0; i < 2; i++) {
      JsonNode t = tables.get(i);
      String protocol = i == 0 ? "tcp" : "udp";
      assertEquals(NetReportTables.SPARC_TITLES.get(i), t.get("title").asText());
      assertEquals(NetReportTables.SPARC_HEADER, NetReportTables.header(c, t));
      assertEquals("[\"method\"]", t.get("rows").toString());
      assertEquals("mean", t.get("statistic").asText(), "the report averages the samples");
      assertEquals(protocol + "-latency", t.get("values").get(0).get("step").asText());
      assertEquals("netperfLatencyUs", t.get("values").get(0).get("figure").asText());
      assertEquals(protocol + "-bandwidth", t.get("values").get(1).get("step").asText());
      assertEquals(
          i == 0 ? "bytesPerSec" : "receivedBytesPerSec",
          t.get("values").get(1).get("figure").asText(),
          "UDP: the bandwidth that arrived");
      String stepProtocol = step(c, protocol + "-latency").get("options").path("protocol").asText();
      assertEquals(i == 0 ? "" : "udp", stepProtocol);
    }
  }

  private static void assertSizes(JsonNode step, String request, String response) {
    assertEquals(request, step.get("options").get("request").asText(), step.toString());
    assertEquals(response, step.get("options").get("response").asText(), step.toString());
  }

  private static JsonNode step(JsonNode campaign, String name) {
    for (JsonNode s : campaign.get("steps")) {
      if (s.get("name").asText().equals(name)) {
        return s;
      }
    }
    throw new AssertionError("no step " + name);
  }

  private static List<String> figures(JsonNode campaign, String step) {
    return texts(step(campaign, step).get("figures"));
  }

  private static List<String> texts(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(n -> out.add(n.asText()));
    return out;
  }
}
