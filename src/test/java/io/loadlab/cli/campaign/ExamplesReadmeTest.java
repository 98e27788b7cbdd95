package io.loadlab.cli.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * examples/README.md stays in step with the examples: every password file an example campaign names
 * is described there (made by hand, mode 0600, never committed) and ignored by git.
 */
@Timeout(120)
class ExamplesReadmeTest {
  private static final Path ROOT = Path.of(System.getProperty("user.dir")).getParent();
  private static final Path EXAMPLES = ROOT.resolve("examples");
  private static final Path README = EXAMPLES.resolve("README.md");

  /** The example campaigns, hardware and rehearsals, as CampaignFileTest finds them and more. */
  static List<Path> campaigns() throws Exception {
    try (Stream<Path> files = Files.walk(EXAMPLES)) {
      return files
          .filter(p -> p.getFileName().toString().matches("(campaign|rehearsal).*\\.yaml"))
          .sorted()
          .toList();
    }
  }

  /** The password files the campaign's steps, clients and services name, as repository paths. */
  private static Set<String> passwordFiles(Path campaign) throws Exception {
    Set<String> out = new TreeSet<>();
    JsonNode c = new YAMLMapper().readTree(campaign.toFile());
    List<JsonNode> optionSets = new ArrayList<>();
    for (JsonNode step : c.path("steps")) {
      optionSets.add(step.path("options"));
      step.path("clients").forEach(client -> optionSets.add(client.path("options")));
    }
    for (JsonNode conf : c.path("configurations")) {
      conf.path("services").forEach(s -> optionSets.add(s.path("options")));
      conf.path("setup").forEach(s -> optionSets.add(s.path("options")));
    }
    for (JsonNode options : optionSets) {
      options
          .fields()
          .forEachRemaining(
              e -> {
                if (e.getKey().endsWith("password-file")) {
                  Path file = campaign.resolveSibling(e.getValue().asText()).normalize();
                  out.add(ROOT.relativize(file).toString());
                }
              });
    }
    return out;
  }

  /** True if a pattern of the repository's .gitignore ignores {@code path} (simple globs). */
  private static boolean ignored(String path) throws Exception {
    for (String line : Files.readAllLines(ROOT.resolve(".gitignore"))) {
      String p = line.strip();
      if (p.isEmpty() || p.startsWith("#") || p.startsWith("!")) {
        continue;
      }
      String glob = p.startsWith("/") ? p.substring(1) : (p.contains("/") ? p : "**/" + p);
      if (FileSystems.getDefault().getPathMatcher("glob:" + glob).matches(Path.of(path))
          || (!p.contains("/")
              && FileSystems.getDefault()
                  .getPathMatcher("glob:" + p)
                  .matches(Path.of(path).getFileName()))) {
        return true;
      }
    }
    return false;
  }

  @Test
  void everyPasswordFileAnExampleNamesIsDescribedAndIgnored() throws Exception {
    String readme = Files.readString(README);
    Set<String> files = new TreeSet<>();
    for (Path c : campaigns()) {
      files.addAll(passwordFiles(c));
    }
    assertFalse(files.isEmpty(), "the DS2 hardware campaigns name ds2.password");
    List<String> wrong = new ArrayList<>();
    for (String f : files) {
      if (!readme.contains(f)) {
        wrong.add(f + ": examples/README.md does not say to create it");
      } else if (!readme.contains("0600")) {
        wrong.add(f + ": examples/README.md does not give its mode, 0600");
      }
      if (!ignored(f)) {
        wrong.add(f + ": .gitignore does not ignore it");
      }
    }
    assertEquals(List.of(), wrong);
  }
}
