package io.loadlab.cli.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A rehearsal's table titles say what ran (namespace labs on one machine), not the hardware or the
 * operating system its lab report used: no rehearsal title names the reports' machines or systems.
 * Captions may name them, to say what a lab stands in for.
 */
@Timeout(60)
class RehearsalTitlesTest {
  /** The lab reports' machines and systems (seeds 000-004), as their titles spelled them. */
  static final List<String> REPORTS_MACHINES =
      List.of(
          "PowerEdge",
          "R710",
          "M600",
          "ProLiant",
          "DL380",
          "Xeon",
          "SPARC",
          "T7-1",
          "2064",
          "Red Hat Enterprise Linux",
          "RHEL",
          "Solaris",
          "z/VM");

  @Test
  void rehearsalTitlesNameNoneOfTheReportsMachines() throws Exception {
    List<Path> rehearsals;
    try (Stream<Path> files = Files.walk(NetReportTables.EXAMPLES)) {
      rehearsals =
          files
              .filter(p -> p.getFileName().toString().matches("rehearsal.*\\.yaml"))
              .sorted()
              .toList();
    }
    List<String> wrong = new ArrayList<>();
    int titles = 0;
    for (Path r : rehearsals) {
      for (JsonNode table : new YAMLMapper().readTree(r.toFile()).path("tables")) {
        String title = table.path("title").asText();
        titles++;
        for (String machine : REPORTS_MACHINES) {
          if (title.contains(machine)) {
            wrong.add(
                NetReportTables.EXAMPLES.relativize(r) + ": '" + title + "' names " + machine);
          }
        }
      }
    }
    assertTrue(titles >= 10, "every report's rehearsal has its tables: " + titles + " titles");
    assertEquals(List.of(), wrong, "a rehearsal's title says what ran");
  }
}
